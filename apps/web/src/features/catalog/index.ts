export {
  catalogApi,
  useGetCategoriesQuery,
  useGetDepartmentCategoriesQuery,
  useGetDepartmentsQuery,
  useGetProductQuery,
  useGetProductsQuery,
} from './api/catalogApi';
