import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Paymob's wire format (developers.paymob.com, Accept API): the intention request and answer, the
 * transaction callback and redirect, their HMAC, and the refund and void requests. Nothing outside
 * the paymob folder reads these shapes.
 */

export interface IntentionRequest {
  /** Piastres. */
  amount: number;
  currency: 'EGP';
  /** Integration ids of the methods offered on this checkout. */
  payment_methods: number[];
  items: { name: string; amount: number; quantity: number }[];
  billing_data: {
    first_name: string;
    last_name: string;
    email: string;
    phone_number: string;
    street: string;
    building: string;
    city: string;
    state: string;
    country: string;
    postal_code: string;
    apartment: string;
    floor: string;
  };
  customer: { first_name: string; last_name: string; email: string };
  special_reference: string;
  notification_url: string;
  redirection_url: string;
}

export const intentionResponseSchema = z.object({
  id: z.string().min(1),
  client_secret: z.string().min(1),
  intention_order_id: z.union([z.number().int(), z.string().min(1)]).transform(String),
});

const id = z.union([z.number().int(), z.string().regex(/^\d+$/)]);

/** The transaction inside a `{"type":"TRANSACTION","obj":{…}}` callback: the fields the shop reads and the HMAC covers. */
export const transactionSchema = z.object({
  id,
  amount_cents: z.number().int().nonnegative(),
  created_at: z.string(),
  currency: z.string().min(1).max(10),
  error_occured: z.boolean(),
  has_parent_transaction: z.boolean(),
  integration_id: id,
  is_3d_secure: z.boolean(),
  is_auth: z.boolean(),
  is_capture: z.boolean(),
  is_refunded: z.boolean(),
  is_standalone_payment: z.boolean(),
  is_voided: z.boolean(),
  order: z.object({ id }),
  owner: id,
  pending: z.boolean(),
  source_data: z.object({ pan: z.string().nullish(), sub_type: z.string().nullish(), type: z.string().nullish() }),
  success: z.boolean(),
  data: z
    .object({ message: z.string().nullish(), bill_reference: z.union([z.string(), z.number()]).nullish() })
    .nullish(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const callbackSchema = z.object({ type: z.literal('TRANSACTION'), obj: transactionSchema });

/** The fields the HMAC covers, in the order they are concatenated. */
const HMAC_FIELDS = [
  'amount_cents',
  'created_at',
  'currency',
  'error_occured',
  'has_parent_transaction',
  'id',
  'integration_id',
  'is_3d_secure',
  'is_auth',
  'is_capture',
  'is_refunded',
  'is_standalone_payment',
  'is_voided',
  'order.id',
  'owner',
  'pending',
  'source_data.pan',
  'source_data.sub_type',
  'source_data.type',
  'success',
] as const;

/** A field's text as Paymob signs it: only strings, numbers and booleans carry one. */
const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';

/** The callback's transaction flattened to the names the HMAC list uses. */
function flatten(tx: Transaction): Record<string, string> {
  return {
    ...Object.fromEntries(Object.entries(tx).map(([key, value]) => [key, text(value)])),
    'order.id': text(tx.order.id),
    'source_data.pan': text(tx.source_data.pan),
    'source_data.sub_type': text(tx.source_data.sub_type),
    'source_data.type': text(tx.source_data.type),
  };
}

/** The redirect's query names the order `order`; the rest are the HMAC names themselves. */
function flattenQuery(query: Record<string, unknown>): Record<string, string> {
  return {
    ...Object.fromEntries(Object.entries(query).map(([key, value]) => [key, text(value)])),
    'order.id': text(query.order),
  };
}

function sign(fields: Record<string, string>, secret: string): string {
  return createHmac('sha512', secret)
    .update(HMAC_FIELDS.map((name) => fields[name] ?? '').join(''), 'utf8')
    .digest('hex');
}

function matches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]{128}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

export const signTransaction = (tx: Transaction, secret: string): string => sign(flatten(tx), secret);
export const verifyTransaction = (tx: Transaction, hmac: unknown, secret: string): boolean =>
  matches(signTransaction(tx, secret), hmac);
export const verifyRedirect = (query: Record<string, unknown>, secret: string): boolean =>
  matches(sign(flattenQuery(query), secret), query.hmac);

/** The redirect's query for a transaction, as Paymob sends the shopper back (without the hmac). */
export function redirectQuery(tx: Transaction): Record<string, string> {
  const { order, source_data: source, data, ...rest } = tx;
  return {
    ...Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, text(value)])),
    order: text(order.id),
    'source_data.pan': text(source.pan),
    'source_data.sub_type': text(source.sub_type),
    'source_data.type': text(source.type),
    'data.message': text(data?.message),
  };
}

export const REFUND_PATH = '/api/acceptance/void_refund/refund';
/** Retrieve a transaction: GET with the transaction's id after it. */
export const TRANSACTION_PATH = '/api/acceptance/transactions/';
export const VOID_PATH = '/api/acceptance/void_refund/void';
export const INTENTION_PATH = '/v1/intention/';
export const CHECKOUT_PATH = '/unifiedcheckout/';
export interface RefundRequest {
  transaction_id: string;
  amount_cents: number;
}
export interface VoidRequest {
  transaction_id: string;
}

/** The answer to a refund or void: the new transaction, whose `success` says whether money went back. */
export const giveBackAnswerSchema = z.object({
  success: z.boolean(),
  pending: z.boolean().optional(),
  data: z.object({ message: z.string().nullish() }).nullish(),
});

/** A flag as Paymob's examples show it: a boolean, or its text. */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((text) => text === 'true')]);

/**
 * The answer to retrieving a payment's transaction: the payment as it stands, voided or with the piastres refunded of
 * it so far (refunded_amount_cents adds up its partial refunds). The transaction itself, or wrapped as a callback's.
 */
export const retrievedTransactionSchema = z.preprocess(
  (answer) => (answer && typeof answer === 'object' && 'obj' in answer ? answer.obj : answer),
  z.object({
    id,
    amount_cents: z.number().int().nonnegative(),
    is_voided: flag,
    refunded_amount_cents: z.number().int().nonnegative(),
  }),
);
