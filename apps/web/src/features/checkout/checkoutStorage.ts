import {
  addressSchema,
  normalisePaymentMethod,
  METHOD_NAME_PATTERN,
  PHONE_PATTERN,
  type Address,
  type AddressInput,
  type OnlineMethod,
  type OrderCreateInput,
  type PaymentMethod,
} from '@shop/contracts';
import { isRecord } from '../../lib/guards';
import { readJson, removeKey, writeJson } from '../../lib/storage';

/** Local storage keys of the checkout choices (the payment choice is saved locally). */
export const SHIPPING_ADDRESS_KEY = 'shippingAddress';
export const PAYMENT_METHOD_KEY = 'paymentMethod';
export const ONLINE_METHOD_KEY = 'onlineMethod';
export const COUPON_KEY = 'coupon';
export const ORDER_ATTEMPT_KEY = 'orderAttempt';

/**
 * Each choice is stored with the id of the shopper who made it: on a shared computer the next
 * person who signs in must neither see nor be shipped to the previous one's address.
 */
function readOwn(key: string, userId: string): unknown {
  const stored = readJson(key);
  return isRecord(stored) && stored.userId === userId ? stored.value : undefined;
}

/** The fields of an address as the shopper gives it, saved or not. */
export const ADDRESS_FIELDS = [
  'street',
  'building',
  'apartment',
  'floor',
  'landmark',
  'instructions',
  'city',
  'state',
  'phone',
  'zipCode',
  'country',
] as const satisfies readonly (keyof AddressInput)[];

/** A saved address as the form and the checkout take it: its fields without the server's id and dates. */
export const toAddressInput = (address: Address): AddressInput => ({
  street: address.street,
  building: address.building,
  apartment: address.apartment ?? '',
  floor: address.floor ?? '',
  landmark: address.landmark ?? '',
  instructions: address.instructions ?? '',
  city: address.city,
  state: address.state,
  phone: address.phone,
  zipCode: address.zipCode,
  country: address.country,
});

export function readShippingAddress(userId: string): AddressInput | null {
  const parsed = addressSchema.safeParse(readOwn(SHIPPING_ADDRESS_KEY, userId));
  return parsed.success ? parsed.data : null;
}

export function saveShippingAddress(userId: string, address: AddressInput): void {
  writeJson(SHIPPING_ADDRESS_KEY, { userId, value: address });
}

export function readPaymentMethod(userId: string): PaymentMethod | null {
  const value = readOwn(PAYMENT_METHOD_KEY, userId);
  return typeof value === 'string' ? normalisePaymentMethod(value) : null;
}

export function savePaymentMethod(userId: string, method: PaymentMethod): void {
  writeJson(PAYMENT_METHOD_KEY, { userId, value: method });
}

/** How an online payment is made (card, wallet with its number, kiosk), when the provider offers a choice. */
export interface OnlineChoice {
  method: OnlineMethod;
  walletPhone?: string;
}

export function readOnlineChoice(userId: string): OnlineChoice {
  const value = readOwn(ONLINE_METHOD_KEY, userId);
  if (!isRecord(value)) return { method: 'card' };
  // A built-in method or an instalment plan's name: /Payment offers it again only if the shop still takes it.
  const method = typeof value.method === 'string' && METHOD_NAME_PATTERN.test(value.method) ? value.method : 'card';
  const walletPhone =
    typeof value.walletPhone === 'string' && PHONE_PATTERN.test(value.walletPhone) ? value.walletPhone : undefined;
  return walletPhone ? { method, walletPhone } : { method };
}

export function saveOnlineChoice(userId: string, choice: OnlineChoice): void {
  writeJson(ONLINE_METHOD_KEY, { userId, value: choice });
}

/** The coupon code the shopper applied at the review, kept until the order is placed or the coupon removed. */
export function readCoupon(userId: string): string | undefined {
  const value = readOwn(COUPON_KEY, userId);
  return typeof value === 'string' && value ? value : undefined;
}

export function saveCoupon(userId: string, code: string | undefined): void {
  writeJson(COUPON_KEY, { userId, value: code ?? null });
}

/** 128 random bits in hex; crypto.randomUUID is missing where the shop is served over plain http (a shop's LAN). */
function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The Idempotency-Key of this attempt to place an order: every try of the same order (the same body and cart) sends
 * the same key, so a try whose answer was lost and the one after it place one order between them; another order,
 * or the next one after this one was placed, gets a new key. Kept in storage, so a reload keeps it too.
 */
export function orderAttemptKey(userId: string, order: OrderCreateInput, cart: unknown): string {
  // A national ID is kept out of storage: it is the order's, and goes only to the server.
  const what = JSON.stringify([{ ...order, nationalId: order.nationalId ? 'given' : undefined }, cart]);
  const stored = readOwn(ORDER_ATTEMPT_KEY, userId);
  if (isRecord(stored) && stored.what === what && typeof stored.key === 'string') return stored.key;
  const key = randomKey();
  writeJson(ORDER_ATTEMPT_KEY, { userId, value: { key, what } });
  return key;
}

/** The order is placed: the next one is a new attempt. */
export function endOrderAttempt(): void {
  removeKey(ORDER_ATTEMPT_KEY);
}
