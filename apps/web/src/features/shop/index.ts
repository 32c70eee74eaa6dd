/** What other parts of the app use of the shop's own details: the footer's, and the product page's delivery days. */
export { useGetDeliveryDaysQuery, useGetShopDetailsQuery, shopApi } from './api/shopApi';
