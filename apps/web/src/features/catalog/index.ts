export {
  catalogApi,
  useGetCategoriesQuery,
  useGetDepartmentCategoriesQuery,
  useGetDepartmentsQuery,
  useGetProductQuery,
  useGetProductsQuery,
  productTags,
} from './api/catalogApi';
