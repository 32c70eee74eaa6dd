import type { Language } from '@shop/contracts';
import type { OrderMailKind } from '../../order-messages.js';

/** Each order e-mail's subject, given the order's short reference. */
export const ORDER_MAIL_SUBJECT: Record<OrderMailKind, (ref: string) => string> = {
  placed: (ref) => `We received your order ${ref}`,
  confirmed: (ref) => `Your order ${ref} is confirmed`,
  paid: (ref) => `Payment received for order ${ref}`,
  shipped: (ref) => `Your order ${ref} is on its way`,
  delivered: (ref) => `Your order ${ref} was delivered`,
  cancelled: (ref) => `Your order ${ref} was cancelled`,
  return_accepted: (ref) => `Your return of order ${ref} was accepted`,
  return_refused: (ref) => `Your return of order ${ref} was refused`,
  refunded: (ref) => `Order ${ref} was refunded`,
  pay_reference: (ref) => `Pay for order ${ref} at Fawry`,
  pay_link: (ref) => `Pay for your order ${ref} online`,
  confirm_request: (ref) => `Please confirm your order ${ref}`,
  confirm_reminder: (ref) => `Your order ${ref} still awaits your confirmation`,
  out_for_delivery: (ref) => `Your order ${ref} is out for delivery today`,
};

/** What happened, as the first paragraph of each order e-mail says it. */
export const ORDER_MAIL_LEAD: Record<OrderMailKind, string> = {
  placed: 'Thank you for your order. It is confirmed as soon as your payment arrives.',
  confirmed: 'Thank you for your order. We are preparing it and will write again when it ships.',
  paid: 'We received your payment and your order is confirmed. We will write again when it ships.',
  shipped: 'Your order has left our store with the courier.',
  delivered: 'Your order was delivered. If something is wrong with it, you can ask to return it from your orders page.',
  cancelled: 'Your order was cancelled. Any payment you made for it is refunded.',
  return_accepted: 'We accepted your return and have the parcel back. Your refund follows.',
  return_refused: 'We could not accept your return, so the order stays delivered to you.',
  refunded: 'The money for your order was refunded. It may take a few days to show in your account.',
  pay_reference:
    'Pay with this reference number at any Fawry outlet or in the myFawry app. Your order is confirmed as soon as it is paid.',
  pay_link:
    'Thank you for ordering from us. Pay for your order on our payment page: sign in with the code we send to your phone, and your order is confirmed as soon as it is paid.',
  confirm_request: 'Thank you for your order. Please confirm it, or cancel it, so that we ship only what you want.',
  confirm_reminder: 'Your order has not been confirmed yet. Please confirm it, or cancel it, so that we know.',
  out_for_delivery: 'Your order is out for delivery today: the courier will call you before arriving.',
};

/** The words around an order e-mail's details. */
export const ORDER_MAIL_TEXT = {
  greeting: 'Hello,',
  orderNumber: (ref: string) => `Order ${ref}`,
  product: 'Product',
  quantity: 'Quantity',
  price: 'Price',
  itemsTotal: 'Items',
  discount: (code: string) => `Coupon ${code}`,
  shipping: 'Shipping',
  codFee: 'Cash on delivery fee',
  total: 'Total',
  trackingNumber: 'Tracking number',
  trackParcel: 'Follow your parcel',
  reason: 'Reason',
  notConfirmedInTime: 'It was not confirmed in time',
  paidBack: (how: string) => `Paid back ${how}`,
  refunded: 'Refunded',
  viewOrders: 'See your orders',
  eReceipt: 'Your electronic receipt at the Egyptian Tax Authority',
  eReturnReceipt: 'Your electronic return receipt at the Egyptian Tax Authority',
  fawryReference: 'Fawry reference number',
  amountToPay: 'Amount to pay',
  paidAhead: 'Paid online ahead',
  cashAtDoor: 'To pay the courier in cash',
  payBy: 'Pay by',
  payOnline: 'Pay for your order',
  confirmOrCancel: 'Confirm or cancel your order',
  signOff: 'EGP Shop',
} as const;

/** The cart reminder's subject; its text is the SMS's (templates.ts). */
export const CART_REMINDER_SUBJECT: Record<Language, string> = {
  en: 'Your cart is waiting for you',
  ar: 'سلتك بانتظارك',
};

/** The back-in-stock alert's subject; its text is the SMS's (templates.ts). */
export const BACK_IN_STOCK_SUBJECT: Record<Language, string> = {
  en: 'It is back in stock',
  ar: 'عاد متوفرًا',
};

/** The subject of the message that the shop answered a shopper's review; its text is the SMS's (templates.ts). */
export const REVIEW_ANSWERED_SUBJECT: Record<Language, string> = {
  en: 'The shop answered your review',
  ar: 'رد المتجر على مراجعتك',
};

/** The subject of the message that a variant waited for is no longer sold; its text is the SMS's (templates.ts). */
export const BACK_IN_STOCK_WITHDRAWN_SUBJECT: Record<Language, string> = {
  en: 'No longer sold',
  ar: 'لم يعد يُباع',
};
