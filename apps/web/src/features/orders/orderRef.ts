/** The short order number, as the shop's e-mails print it too. */
export { orderRef } from '@shop/contracts';
