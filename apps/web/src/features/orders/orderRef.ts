/** The short order number shown to shoppers: the first eight characters of the order id, as couriers and support read it out. */
export const orderRef = (orderId: string) => orderId.slice(0, 8).toUpperCase();
