export { useGetMyOrdersQuery } from './api/ordersApi';
export { orderRef } from './orderRef';
export { awaitsOnlinePayment } from './orderActions';
export { OrderDocumentHead } from './components/OrderDocumentHead';
export { OrderBill } from './components/OrderBill';
export { useMoveReason } from './moveReason';
