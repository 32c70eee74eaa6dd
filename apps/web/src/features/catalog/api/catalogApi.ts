import {
  MAX_PAGE_SIZE,
  PAGE_SIZE,
  type Category,
  type Department,
  type HomeData,
  type Product,
  type ProductDetail,
  type ProductFilters,
  type ProductList,
  type SortOption,
} from '@shop/contracts';
import { api, LIST } from '../../../api/apiSlice';
import { listQuery } from '../../../api/listQuery';

export interface ProductListArgs {
  page?: number;
  limit?: number;
  category?: string;
  department?: string;
  /** Part of the product name (the dashboard's product search). */
  q?: string;
  /** The filter panel's choices (the address's, on a category's or department's page). */
  filters?: ProductFilters;
  /** The order the shopper chose (the address's); newest first without one. */
  sortBy?: SortOption | null;
}

/** A category's page lists all its products at once, without pages. */
export const categoryProductsArgs = (
  category: string,
  filters: ProductFilters = {},
  sortBy: SortOption | null = null,
): ProductListArgs => ({ category, limit: MAX_PAGE_SIZE, filters, sortBy });

/** A list's cache tags: each product's, and the lists' (a change to any product refreshes every list). */
export const productTags = (products: Product[] | undefined) => [
  ...(products ?? []).map(({ _id }) => ({ type: 'Product' as const, id: _id })),
  { type: 'Product' as const, id: LIST },
];

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<ProductList, ProductListArgs>({
      // Product lists include out-of-stock items, shown as such.
      query: ({ page = 1, limit = PAGE_SIZE, category, department, q, filters, sortBy }) =>
        `/product?${listQuery({ page, limit, includeOutOfStock: true, category, department, q, sortBy }, filters)}`,
      providesTags: (result) => productTags(result?.products),
    }),
    getProduct: build.query<ProductDetail, string>({
      query: (id) => `/product/one/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
    /** The home's banners live today and its rows of products on sale and best sellers. */
    getHome: build.query<HomeData, void>({
      query: () => '/home',
      providesTags: (result) => [
        ...productTags([...(result?.onSale ?? []), ...(result?.bestSellers ?? [])]),
        { type: 'Banner', id: LIST },
      ],
    }),
    getDepartments: build.query<Department[], void>({
      query: () => '/department',
      providesTags: [{ type: 'Department', id: LIST }],
    }),
    getCategories: build.query<Category[], void>({
      query: () => '/category',
      providesTags: [{ type: 'Category', id: LIST }],
    }),
    getDepartmentCategories: build.query<Category[], string>({
      query: (departmentId) => `/category/dept/${encodeURIComponent(departmentId)}`,
      providesTags: [{ type: 'Category', id: LIST }],
    }),
  }),
});

export const {
  useGetProductsQuery,
  useGetProductQuery,
  useGetHomeQuery,
  useGetDepartmentsQuery,
  useGetCategoriesQuery,
  useGetDepartmentCategoriesQuery,
} = catalogApi;
