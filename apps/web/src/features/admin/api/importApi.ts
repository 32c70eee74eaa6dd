import type { ProductImport, ProductImportRejections } from '@shop/contracts';
import { api, LIST } from '../../../api/apiSlice';

const importUrl = (id: string) => `/admin/products/imports/${encodeURIComponent(id)}`;

/** The CSV import of products: upload for a dry run, read its rejected rows, apply it, follow the job. */
export const importApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Multipart: the file in `file`, and `createMissing`. */
    checkImport: build.mutation<ProductImport, FormData>({
      query: (form) => ({ url: '/admin/products/imports', method: 'POST', body: form }),
    }),
    getImport: build.query<ProductImport, string>({ query: importUrl }),
    getImportRejections: build.query<ProductImportRejections, { id: string; page: number }>({
      query: ({ id, page }) => ({ url: `${importUrl(id)}/rejections`, params: { page } }),
    }),
    applyImport: build.mutation<ProductImport, string>({
      query: (id) => ({ url: `${importUrl(id)}/apply`, method: 'POST' }),
    }),
  }),
});

export const { useCheckImportMutation, useGetImportQuery, useGetImportRejectionsQuery, useApplyImportMutation } =
  importApi;

/** What an ended import may have changed: products, and the departments and categories it created. */
export const importedTags = [
  { type: 'Product' as const, id: LIST },
  { type: 'Category' as const, id: LIST },
  { type: 'Department' as const, id: LIST },
];
