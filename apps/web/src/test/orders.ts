import type { AdminOrder, AdminOrderDetail, ConfirmationItem, LineVariant, Order, OrderLine } from '@shop/contracts';

/** The address the fixture orders go to; `overrides` make it the test's own. */
export const aDeliveryAddress = (overrides: Partial<Order['deliveryAddress']> = {}): Order['deliveryAddress'] => ({
  street: 'Tahrir St',
  building: '12',
  city: 'Dokki',
  state: 'Giza',
  phone: '01122222222',
  zipCode: '12611',
  country: 'Egypt',
  ...overrides,
});

/** A line of an order: `quantity` (1 unless told) of a product at `price` EGP, with no Arabic name unless told; its id is its name. */
export const anOrderLine = ({
  name,
  nameAr = null,
  price = 50,
  quantity = 1,
  variant,
}: {
  name: string;
  nameAr?: string | null;
  price?: number;
  quantity?: number;
  variant?: LineVariant;
}): OrderLine => ({
  product_id: name,
  productBrief: { product_id: name, name, nameAr, price, image_path: [] },
  ...(variant && { variant }),
  quantity,
});

/** A confirmed cash order as its shopper reads it, with no lines; `overrides` make it the test's own. */
export const anOrder = (overrides: Partial<Order> = {}): Order => ({
  _id: 'abcdef12-3456-4789-8abc-def012345678',
  createdAt: '2025-03-05T10:00:00.000Z',
  bill: 130,
  itemsTotal: 100,
  discount: 0,
  couponCode: null,
  shipping: 21,
  refund: null,
  codFee: 9,
  status: 'confirmed',
  statusHistory: [{ status: 'confirmed', at: '2025-03-05T10:00:00.000Z', reason: null }],
  trackingNumber: null,
  trackingUrl: null,
  deliveryAddress: aDeliveryAddress(),
  paymentMethod: 'cash',
  products: [],
  ...overrides,
});

/** `anOrder` as the dashboard lists it: placed on the web, by its buyer, nothing to refund; `overrides` make it the test's own. */
export const anAdminOrder = (overrides: Partial<AdminOrder> = {}): AdminOrder => ({
  ...anOrder(),
  source: 'web',
  refundable: null,
  refundPending: null,
  refundUnheard: null,
  customer: { _id: 'u1', name: 'Mona Ali', email: 'mona@example.com' },
  ...overrides,
});

/**
 * `anAdminOrder` as the dashboard's order page shows it: its buyer's phone, placed in English, each move the
 * shopper's, no messages, notes or money owed back; `overrides` make it the test's own.
 */
export const anAdminOrderDetail = (overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail => {
  const { customer, statusHistory, ...order } = anAdminOrder();
  return {
    ...order,
    customer: customer && { ...customer, phone: '01011111111' },
    language: 'en',
    openBeforeAccepting: false,
    statusHistory: statusHistory.map((move) => ({ ...move, actor: 'shopper' as const })),
    messages: [],
    notes: [],
    owedBack: [],
    ...overrides,
  };
};

/** `anOrder` as the agents' confirmation queue carries it: the parts of it they read before calling. */
export const aQueuedOrder = (overrides: Partial<Order> = {}): ConfirmationItem['order'] => {
  const { _id, createdAt, bill, products, deliveryAddress, deposit } = anOrder(overrides);
  return { _id, createdAt, bill, products, deliveryAddress, ...(deposit !== undefined && { deposit }) };
};
