import type { AdminOrder } from '@shop/contracts';

/** A confirmed cash order as the dashboard lists it, with its buyer and no lines; `overrides` make it the test's own. */
export const anAdminOrder = (overrides: Partial<AdminOrder> = {}): AdminOrder => ({
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
  deliveryAddress: {
    street: 'Tahrir St',
    building: '12',
    city: 'Dokki',
    state: 'Giza',
    phone: '01122222222',
    zipCode: '12611',
    country: 'Egypt',
  },
  paymentMethod: 'cash',
  source: 'web',
  refundable: null,
  refundPending: null,
  products: [],
  customer: { _id: 'u1', name: 'Mona Ali', email: 'mona@example.com' },
  ...overrides,
});
