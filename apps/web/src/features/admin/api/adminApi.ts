import type {
  AddressInput,
  AdminOrderDetail,
  AdminOrdersPage,
  AdminOrdersQuery,
  AdminStats,
  AuditLogPage,
  AuditLogQuery,
  Category,
  CategoryInput,
  DashboardProductsQuery,
  CourierSetting,
  Department,
  DepartmentInput,
  Order,
  OrderForStaff,
  OrderNote,
  OrderNoteInput,
  OrderStatus,
  PaidBack,
  Product,
  ProductList,
  ProductDetail,
  ProductVariantsInput,
  InstalmentOffer,
  AbandonedCartsPage,
  AbandonedCartsQuery,
  InstalmentSettings,
  RefundChecked,
  RefundRequest,
  ReportPeriod,
  SalesReport,
  SearchSynonyms,
  ShippingRates,
  ShopSettings,
  User,
} from '@shop/contracts';
import { api, LIST } from '../../../api/apiSlice';
import { productTags } from '../../catalog';

interface OrderMove {
  status: OrderStatus;
  trackingNumber?: string;
  reason?: string;
}

/** A category or department rename shows in every product card and list that names it. */
const catalogueNames = [
  { type: 'Category' as const, id: LIST },
  { type: 'Product' as const, id: LIST },
];

/** An order moved or its money given back: the order, its lists and the overview, and stock a cancellation put back. */
const orderMoved = (id: string) => [
  { type: 'Order' as const, id },
  { type: 'Order' as const, id: LIST },
  { type: 'Product' as const, id: LIST },
];

/*
 * The dashboard's endpoints. Reading endpoints the storefront already has (a product, departments,
 * categories) come from catalogApi; these share its cache tags, so a change here refreshes the shop.
 * Users, logs and stats are only ever read here, right when a screen opens, so they need no tags.
 */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStats: build.query<AdminStats, void>({
      query: () => '/admin/stats',
      providesTags: [
        { type: 'Order', id: LIST },
        { type: 'Product', id: LIST },
      ],
    }),
    getAbandonedCarts: build.query<AbandonedCartsPage, AbandonedCartsQuery>({
      query: (params) => ({ url: '/admin/carts', params }),
    }),
    getSalesReport: build.query<SalesReport, ReportPeriod>({
      query: (period) => ({ url: '/admin/reports/sales', params: period }),
      providesTags: [{ type: 'Order', id: LIST }],
    }),
    getUsers: build.query<{ count: number; users: User[] }, void>({
      query: () => '/user/allUsers',
    }),
    /** Ends every session of a customer's account: they sign in again, nothing else of theirs changes. */
    signOutCustomer: build.mutation<null, string>({
      query: (userId) => ({ url: `/admin/customers/${encodeURIComponent(userId)}/sign-out`, method: 'POST' }),
    }),
    getUserOrders: build.query<OrderForStaff[], string>({
      query: (userId) => `/order/admin/${encodeURIComponent(userId)}`,
      providesTags: (result) => [
        { type: 'Order', id: LIST },
        ...(result ?? []).map(({ _id }) => ({ type: 'Order' as const, id: _id })),
      ],
    }),
    /** The all-orders screen: one page of the filtered orders, each with its buyer. */
    getAdminOrders: build.query<AdminOrdersPage, AdminOrdersQuery>({
      query: (params) => ({ url: '/admin/orders', params }),
      providesTags: (result) => [
        { type: 'Order', id: LIST },
        ...(result?.orders ?? []).map(({ _id }) => ({ type: 'Order' as const, id: _id })),
      ],
    }),
    /** One order for its page: lines, address, buyer, history and the messages sent. */
    getAdminOrder: build.query<AdminOrderDetail, string>({
      query: (id) => `/admin/orders/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Order', id }],
    }),
    /** A staff note on the order; its page reads it back with any another member added meanwhile. */
    addOrderNote: build.mutation<OrderNote, OrderNoteInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/admin/orders/${encodeURIComponent(id)}/notes`, method: 'POST', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'Order', id }]),
    }),
    /**
     * The address corrected before the order ships; the lists show its phone, the same or new. Refused, the order is
     * read again too: it may have shipped meanwhile.
     */
    changeOrderAddress: build.mutation<AdminOrderDetail, { id: string; address: AddressInput }>({
      query: ({ id, address }) => ({
        url: `/admin/orders/${encodeURIComponent(id)}/address`,
        method: 'PUT',
        body: { address },
      }),
      invalidatesTags: (_result, error, { id }) => [
        { type: 'Order', id },
        ...(error ? [] : [{ type: 'Order' as const, id: LIST }]),
      ],
    }),
    /** Shipping takes the courier's tracking number; a cancellation or a refused return may say why. */
    setOrderStatus: build.mutation<Order, OrderMove & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/order/${encodeURIComponent(id)}/status`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => orderMoved(id),
    }),
    /** Gives a paid order's money back through the payment provider; the order is cancelled and its stock returns. */
    refundOrder: build.mutation<Order, RefundRequest & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/order/${encodeURIComponent(id)}/refund`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { id }) => orderMoved(id),
    }),
    /** What staff found at the payment provider of a refund that went unheard: a move like the refund's, or none. */
    recordRefundChecked: build.mutation<Order, RefundChecked & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/order/${encodeURIComponent(id)}/refund-checked`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { id }) => orderMoved(id),
    }),
    /** A payment the order owes back, refused by its provider, recorded as given back by hand: its page reads anew. */
    recordPaidBack: build.mutation<void, PaidBack & { id: string; ref: string }>({
      query: ({ id, ref, ...body }) => ({
        url: `/admin/orders/${encodeURIComponent(id)}/owed/${encodeURIComponent(ref)}/paid-back`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Order', id }],
    }),
    /** Whether shipping books the shop's courier or needs the admin's tracking number. */
    getCourierSetting: build.query<CourierSetting, void>({ query: () => '/courier' }),
    /**
     * The products screen's list: every product, sold out too, by name or only those low on stock (fewest first).
     * Its own route, not the storefront's cached lists, so a stock just saved shows at once.
     */
    getDashboardProducts: build.query<ProductList, DashboardProductsQuery>({
      query: ({ page, limit, q, lowStock }) => ({
        url: '/admin/products',
        params: { page, limit, q: q || undefined, lowStock: lowStock || undefined },
      }),
      providesTags: (result) => productTags(result?.products),
    }),
    getLogs: build.query<AuditLogPage, AuditLogQuery>({
      query: ({ page, type, user }) => ({ url: '/logs', params: { page, type, user } }),
    }),

    /** Multipart: the text fields plus repeated `img` files; an update adds `id`. */
    saveProduct: build.mutation<Product, { id?: string; form: FormData }>({
      query: ({ id, form }) => ({ url: '/product', method: id ? 'PUT' : 'POST', body: form }),
      // Not after a refusal: the open update form would reload and lose what the admin typed.
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [{ type: 'Product', id: LIST }, ...(id ? [{ type: 'Product' as const, id }] : [])],
    }),
    /** The product's options and variants, replaced whole; its price and stock follow on the server. */
    saveVariants: build.mutation<ProductDetail, { id: string; body: ProductVariantsInput }>({
      query: ({ id, body }) => ({ url: `/product/${encodeURIComponent(id)}/variants`, method: 'PUT', body }),
      invalidatesTags: (_result, error, { id }) =>
        error
          ? []
          : [
              { type: 'Product', id: LIST },
              { type: 'Product', id },
            ],
    }),
    deleteProduct: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/product/${encodeURIComponent(id)}`, method: 'DELETE' }),
      // Its reviews go with it, from the dashboard's reviews too.
      invalidatesTags: (_result, _error, id) => [
        { type: 'Product', id: LIST },
        { type: 'Product', id },
        { type: 'Review', id: LIST },
      ],
    }),

    createCategory: build.mutation<Category, CategoryInput>({
      query: (body) => ({ url: '/category', method: 'POST', body }),
      invalidatesTags: [{ type: 'Category', id: LIST }],
    }),
    updateCategory: build.mutation<Category, CategoryInput & { id: string }>({
      query: (body) => ({ url: '/category', method: 'PUT', body }),
      // Moving a category moves its products to the new department too.
      invalidatesTags: catalogueNames,
    }),
    deleteCategory: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/category/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Category', id: LIST }],
    }),
    setCategoryImage: build.mutation<Category, { id: string; form: FormData }>({
      query: ({ id, form }) => ({ url: `/category/img/${encodeURIComponent(id)}`, method: 'POST', body: form }),
      invalidatesTags: [{ type: 'Category', id: LIST }],
    }),

    createDepartment: build.mutation<Department, DepartmentInput>({
      query: (body) => ({ url: '/department', method: 'POST', body }),
      invalidatesTags: [{ type: 'Department', id: LIST }],
    }),
    renameDepartment: build.mutation<Department, DepartmentInput & { id: string }>({
      query: (body) => ({ url: '/department', method: 'PUT', body }),
      invalidatesTags: [{ type: 'Department', id: LIST }, ...catalogueNames],
    }),
    deleteDepartment: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/department/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Department', id: LIST }],
    }),

    /** The instalment plans the shop offers (PAYMOB_INSTALMENT_INTEGRATIONS) and their terms. */
    getInstalmentPlans: build.query<InstalmentOffer[], void>({
      query: () => '/payment/instalments',
      providesTags: ['Shipping'],
    }),
    saveInstalmentPlan: build.mutation<InstalmentOffer, { name: string; body: InstalmentSettings }>({
      query: ({ name, body }) => ({ url: `/payment/instalments/${encodeURIComponent(name)}`, method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Shipping']),
    }),
    getShippingRates: build.query<ShippingRates, void>({
      query: () => '/shipping/rates',
      providesTags: ['Shipping'],
    }),
    /** Answers with the table as saved; the checkout's quotes are asked again. */
    saveShippingRates: build.mutation<ShippingRates, ShippingRates>({
      query: (body) => ({ url: '/shipping/rates', method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Shipping']),
    }),
    getShopSettings: build.query<ShopSettings, void>({
      query: () => '/admin/settings/shop',
      providesTags: ['Shop'],
    }),
    // The storefront's footer and pages show the new text once saved.
    saveShopSettings: build.mutation<ShopSettings, ShopSettings>({
      query: (body) => ({ url: '/admin/settings/shop', method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Shop']),
    }),
    getSearchSynonyms: build.query<SearchSynonyms, void>({
      query: () => '/admin/search-synonyms',
      providesTags: ['Synonyms'],
    }),
    // Searches find other products once the list changes.
    saveSearchSynonyms: build.mutation<SearchSynonyms, SearchSynonyms>({
      query: (body) => ({ url: '/admin/search-synonyms', method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Synonyms', { type: 'Product', id: LIST }]),
    }),
  }),
});

export const {
  useGetInstalmentPlansQuery,
  useSaveInstalmentPlanMutation,
  useGetSearchSynonymsQuery,
  useSaveSearchSynonymsMutation,
  useGetStatsQuery,
  useGetSalesReportQuery,
  useGetAbandonedCartsQuery,
  useGetUsersQuery,
  useSignOutCustomerMutation,
  useGetUserOrdersQuery,
  useGetAdminOrderQuery,
  useAddOrderNoteMutation,
  useChangeOrderAddressMutation,
  useGetAdminOrdersQuery,
  useSetOrderStatusMutation,
  useRefundOrderMutation,
  useRecordRefundCheckedMutation,
  useRecordPaidBackMutation,
  useGetCourierSettingQuery,
  useGetLogsQuery,
  useGetDashboardProductsQuery,
  useSaveProductMutation,
  useSaveVariantsMutation,
  useDeleteProductMutation,
  useCreateCategoryMutation,
  useUpdateCategoryMutation,
  useDeleteCategoryMutation,
  useSetCategoryImageMutation,
  useCreateDepartmentMutation,
  useRenameDepartmentMutation,
  useDeleteDepartmentMutation,
  useGetShippingRatesQuery,
  useSaveShippingRatesMutation,
  useGetShopSettingsQuery,
  useSaveShopSettingsMutation,
} = adminApi;
