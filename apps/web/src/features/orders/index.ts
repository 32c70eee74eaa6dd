export { useGetMyOrdersQuery } from './api/ordersApi';
export { orderRef } from './orderRef';
export { OrderDocumentHead } from './components/OrderDocumentHead';
