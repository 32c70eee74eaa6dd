import { z } from 'zod';
import { sameSecret } from '../../../lib/same-secret.js';
import { sha256Hex } from '../../../lib/sha256.js';

/**
 * FawryPay's wire format (developer.fawrystaging.com, "Server APIs"): the charge request (PAYATFAWRY reference),
 * the express checkout link (card, on Fawry's page), the server-to-server notification V2, the payment status V2
 * and the refund, each signed with SHA-256 over documented fields followed by the merchant's security key. Nothing
 * outside the fawry folder reads these shapes.
 */

export const CHARGE_PATH = '/ECommerceWeb/Fawry/payments/charge';
export const CHECKOUT_INIT_PATH = '/fawrypay-api/api/payments/init';
export const STATUS_PATH = '/ECommerceWeb/Fawry/payments/status/v2';
export const REFUND_PATH = '/ECommerceWeb/Fawry/payments/refund';

/** Fawry's amounts are EGP with two decimals, and its signatures take them written so ("10.00"). */
export const egp = (piastres: number): number => piastres / 100;
export const twoDecimals = (amount: number | string): string => Number(amount).toFixed(2);
export const piastresOf = (amount: number | string): number => Math.round(Number(amount) * 100);

export interface ChargeItem {
  itemId: string;
  description: string;
  /** EGP. */
  price: number;
  quantity: number;
}

/** A PAYATFAWRY charge: Fawry answers a reference the shopper pays at an outlet until paymentExpiry. */
export interface ChargeRequest {
  merchantCode: string;
  merchantRefNum: string;
  customerProfileId: string;
  customerName: string;
  customerMobile: string;
  customerEmail: string;
  paymentMethod: 'PAYATFAWRY';
  /** EGP. */
  amount: number;
  currencyCode: 'EGP';
  language: 'en-gb' | 'ar-eg';
  description: string;
  /** Milliseconds since the epoch. */
  paymentExpiry: number;
  chargeItems: ChargeItem[];
  orderWebHookUrl: string;
  signature: string;
}

/** merchantCode + merchantRefNum + customerProfileId + paymentMethod + amount (two decimals) + secureKey. */
export const chargeSignature = (r: Omit<ChargeRequest, 'signature'>, key: string): string =>
  sha256Hex(
    `${r.merchantCode}${r.merchantRefNum}${r.customerProfileId}${r.paymentMethod}${twoDecimals(r.amount)}${key}`,
  );

export const chargeResponseSchema = z.object({
  type: z.string().optional(),
  referenceNumber: z.union([z.string(), z.number()]).transform(String).optional(),
  merchantRefNumber: z.union([z.string(), z.number()]).transform(String).optional(),
  expirationTime: z.number().optional(),
  statusCode: z.number(),
  statusDescription: z.string().optional(),
});

/** The express checkout link: Fawry answers the URL of its own payment page (card), as a JSON string. */
export interface CheckoutInitRequest {
  merchantCode: string;
  merchantRefNum: string;
  customerProfileId: string;
  customerName: string;
  customerMobile: string;
  customerEmail: string;
  language: 'en-gb' | 'ar-eg';
  chargeItems: ChargeItem[];
  returnUrl: string;
  orderWebHookUrl: string;
  paymentMethod: 'CARD';
  authCaptureModePayment: false;
  signature: string;
}

/** merchantCode + merchantRefNum + customerProfileId + returnUrl + (itemId + quantity + price, by itemId) + secureKey. */
export function checkoutSignature(r: Omit<CheckoutInitRequest, 'signature'>, key: string): string {
  const items = [...r.chargeItems]
    .sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0))
    .map((item) => `${item.itemId}${item.quantity}${twoDecimals(item.price)}`)
    .join('');
  return sha256Hex(`${r.merchantCode}${r.merchantRefNum}${r.customerProfileId}${r.returnUrl}${items}${key}`);
}

const amount = z.union([z.number(), z.string().regex(/^\d+(\.\d+)?$/)]);
const text = z.union([z.string(), z.number()]).transform(String);

/** Fawry's order statuses (notification V2 and status V2). */
export const ORDER_STATUSES = [
  'NEW',
  'UNPAID',
  'PAID',
  'CANCELED',
  'CANCELLED',
  'EXPIRED',
  'REFUNDED',
  'PARTIAL_REFUNDED',
  'FAILED',
] as const;

/** The server notification V2, posted to the charge's orderWebHookUrl whenever the order's status changes. */
export const notificationSchema = z.object({
  requestId: z.string().optional(),
  fawryRefNumber: text,
  merchantRefNumber: text,
  paymentAmount: amount,
  orderAmount: amount,
  fawryFees: amount.optional(),
  orderStatus: z.string().min(1).max(40),
  paymentMethod: z.string().min(1).max(40),
  paymentTime: z.number().optional(),
  paymentRefrenceNumber: text.nullish(),
  orderExpiryDate: z.number().optional(),
  failureReason: z.string().nullish(),
  messageSignature: z.string().optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * fawryRefNumber + merchantRefNumber + paymentAmount (two decimals) + orderAmount (two decimals) + orderStatus +
 * paymentMethod + paymentRefrenceNumber (empty when absent) + secureKey.
 */
export const notificationSignature = (n: Omit<Notification, 'messageSignature'>, key: string): string =>
  sha256Hex(
    `${n.fawryRefNumber}${n.merchantRefNumber}${twoDecimals(n.paymentAmount)}${twoDecimals(n.orderAmount)}${n.orderStatus}${n.paymentMethod}${n.paymentRefrenceNumber ?? ''}${key}`,
  );

export const verifyNotification = (n: Notification, key: string): boolean =>
  sameSecret(notificationSignature(n, key), n.messageSignature?.toLowerCase());

/** The status V2 query's signature: merchantCode + merchantRefNumber + secureKey. */
export const statusSignature = (merchantCode: string, merchantRefNumber: string, key: string): string =>
  sha256Hex(`${merchantCode}${merchantRefNumber}${key}`);

/**
 * The status V2 answer: the same fields as the notification, signed the same way, or a statusCode that is not 200
 * (9938: no such payment yet).
 */
export const statusResponseSchema = notificationSchema.partial().extend({
  statusCode: z.number().optional(),
  statusDescription: z.string().optional(),
});

export interface RefundRequest {
  merchantCode: string;
  /** Fawry's reference of the paid order. */
  referenceNumber: string;
  /** EGP. */
  refundAmount: number;
  reason: string;
  signature: string;
}

/** merchantCode + referenceNumber + refundAmount (two decimals) + reason + secureKey. */
export const refundSignature = (r: Omit<RefundRequest, 'signature'>, key: string): string =>
  sha256Hex(`${r.merchantCode}${r.referenceNumber}${twoDecimals(r.refundAmount)}${r.reason}${key}`);

export const refundResponseSchema = z.object({ statusCode: z.number(), statusDescription: z.string().optional() });
