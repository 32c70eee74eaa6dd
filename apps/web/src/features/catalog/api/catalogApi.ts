import {
  MAX_PAGE_SIZE,
  PAGE_SIZE,
  type Category,
  type Department,
  type Product,
  type ProductList,
} from '@shop/contracts';
import { api, LIST } from '../../../api/apiSlice';

export interface ProductListArgs {
  page?: number;
  limit?: number;
  category?: string;
  department?: string;
  /** Part of the product name (the dashboard's product search). */
  q?: string;
}

/** A category's page lists all its products at once, without pages. */
export const categoryProductsArgs = (category: string): ProductListArgs => ({ category, limit: MAX_PAGE_SIZE });

const productTags = (products: Product[] | undefined) => [
  ...(products ?? []).map(({ _id }) => ({ type: 'Product' as const, id: _id })),
  { type: 'Product' as const, id: LIST },
];

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<ProductList, ProductListArgs>({
      // Product lists include out-of-stock items, shown as such.
      query: ({ page = 1, limit = PAGE_SIZE, category, department, q }) => ({
        url: '/product',
        params: { page, limit, includeOutOfStock: true, category, department, q },
      }),
      providesTags: (result) => productTags(result?.products),
    }),
    getProduct: build.query<Product, string>({
      query: (id) => `/product/one/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
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
  useGetDepartmentsQuery,
  useGetCategoriesQuery,
  useGetDepartmentCategoriesQuery,
} = catalogApi;
