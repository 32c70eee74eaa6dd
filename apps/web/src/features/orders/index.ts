export { useGetMyOrdersQuery } from './api/ordersApi';
export { orderRef } from './orderRef';
