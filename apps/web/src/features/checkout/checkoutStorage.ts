import { addressSchema, normalisePaymentMethod, type AddressInput, type PaymentMethod } from '@shop/contracts';
import { isRecord } from '../../lib/guards';
import { readJson, writeJson } from '../../lib/storage';

/** Local storage keys of the checkout choices (spec 3: the payment choice is saved locally). */
export const SHIPPING_ADDRESS_KEY = 'shippingAddress';
export const PAYMENT_METHOD_KEY = 'paymentMethod';

/**
 * Each choice is stored with the id of the shopper who made it: on a shared computer the next
 * person who signs in must neither see nor be shipped to the previous one's address.
 */
function readOwn(key: string, userId: string): unknown {
  const stored = readJson(key);
  return isRecord(stored) && stored.userId === userId ? stored.value : undefined;
}

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
