import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { orderRef, say, WEB_PATHS, type OnlineMethod, type Said } from '@shop/contracts';
import { badRequest, HttpError } from '../../../lib/errors.js';
import { callProvider, OutcomeUnknown, type PaymentEvent, type PaymentProvider } from '../provider.js';
import type { ProviderDeps } from '../registry.js';
import {
  CHARGE_PATH,
  chargeResponseSchema,
  chargeSignature,
  CHECKOUT_INIT_PATH,
  checkoutSignature,
  egp,
  notificationSchema,
  piastresOf,
  REFUND_PATH,
  refundResponseSchema,
  refundSignature,
  STATUS_PATH,
  statusResponseSchema,
  statusSignature,
  verifyNotification,
  type ChargeRequest,
  type CheckoutInitRequest,
  type Notification,
  type RefundRequest,
} from './wire.js';

/** FAWRY_METHODS' words and the shop's methods they offer. */
const FAWRY_METHODS = { reference: 'fawry', card: 'card' } as const satisfies Record<string, OnlineMethod>;

/** Its settings, read from the environment. */
export const fawrySettings = z.object({
  FAWRY_MERCHANT_CODE: z.string().min(1, 'FAWRY_MERCHANT_CODE is required for the Fawry provider'),
  FAWRY_SECURITY_KEY: z.string().min(1, 'FAWRY_SECURITY_KEY is required for the Fawry provider'),
  FAWRY_API_URL: z.string().url().default('https://www.atfawry.com'),
  /** reference (PAYATFAWRY), card (Fawry's own card page), or both, comma-separated. */
  FAWRY_METHODS: z
    .string()
    .default('reference')
    .transform((list) =>
      list
        .split(',')
        .map((word) => word.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(['reference', 'card'])).min(1, 'FAWRY_METHODS lists reference, card or both')),
});

/** A notification (or a status answer, signed alike) as a PaymentEvent; null for a status the shop does not act on. */
function eventOf(n: Notification): PaymentEvent | null {
  const status = n.orderStatus.toUpperCase();
  let kind: PaymentEvent['kind'];
  if (status === 'PAID') kind = 'paid';
  else if (status === 'NEW' || status === 'UNPAID') kind = 'pending';
  else if (status === 'EXPIRED' || status === 'CANCELED' || status === 'CANCELLED' || status === 'FAILED')
    kind = 'failed';
  // A partial refund is heard of too: it is what finalises a refund whose answer the shop never had (a timeout),
  // which the request mark alone would hold only for REFUND_SETTLE_MS (orders/refunds.ts).
  else if (status === 'REFUNDED' || status === 'PARTIAL_REFUNDED') kind = 'refunded';
  else return null;
  // Fawry's amounts are the order's; a partial refund does not say how much of it went back.
  const partial = status === 'PARTIAL_REFUNDED';
  const reference = n.paymentMethod.toUpperCase() === 'PAYATFAWRY' ? n.fawryRefNumber : null;
  return {
    // The same for a notification and for the status poll that learns the same thing, so only the first counts.
    id: `fawry:${n.merchantRefNumber}:${partial ? 'partially_refunded' : kind}`,
    kind,
    orderId: null,
    providerRef: n.merchantRefNumber,
    // The order's amount: paymentAmount adds the fees Fawry charged the shopper, which are not the shop's.
    amount: partial ? 0 : piastresOf(n.orderAmount),
    currency: 'EGP',
    transactionId: n.fawryRefNumber,
    reference: kind === 'pending' ? reference : null,
    message: kind === 'failed' ? (n.failureReason ?? status) : null,
  };
}

/**
 * FawryPay: a reference paid at any Fawry outlet or in the myFawry app (PAYATFAWRY), and, when FAWRY_METHODS says so,
 * a card on Fawry's own checkout page. Fawry's notification comes to /api/payment/fawry/notification; a payment it
 * never told about is asked about by payments/poll.ts.
 */
export function fawryProvider(deps: ProviderDeps): PaymentProvider {
  const settings = fawrySettings.parse(deps.config.env);
  const api = settings.FAWRY_API_URL.replace(/\/+$/, '');
  const key = settings.FAWRY_SECURITY_KEY;
  const merchantCode = settings.FAWRY_MERCHANT_CODE;
  const methods: OnlineMethod[] = settings.FAWRY_METHODS.map((word) => FAWRY_METHODS[word]);
  const publicUrl = deps.config.PUBLIC_URL.replace(/\/+$/, '');
  const webhook = `${publicUrl}/api/payment/fawry/notification`;

  const call = (path: string, init: RequestInit, failure: Said) =>
    callProvider('Fawry', `${api}${path}`, init, failure, deps.log);
  const post = (path: string, body: ChargeRequest | CheckoutInitRequest | RefundRequest, failure: Said) =>
    call(
      path,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      failure,
    );

  /** The payment status V2 of a payment: the order as Fawry has it, signed like a notification; null when not said. */
  async function statusOf(merchantRefNumber: string): Promise<Notification | null> {
    const query = new URLSearchParams({
      merchantCode,
      merchantRefNumber,
      signature: statusSignature(merchantCode, merchantRefNumber, key),
    });
    const answer = statusResponseSchema.safeParse(
      await call(`${STATUS_PATH}?${query}`, { method: 'GET' }, say.api.referenceUnavailable),
    );
    if (!answer.success || (answer.data.statusCode !== undefined && answer.data.statusCode !== 200)) return null;
    // The answer is signed like a notification: only a genuine one may move an order.
    const status = notificationSchema.safeParse(answer.data);
    if (!status.success || !verifyNotification(status.data, key)) {
      deps.log.error({ answer: answer.data, payment: merchantRefNumber }, 'Fawry answered an unsigned status');
      return null;
    }
    return status.data.merchantRefNumber === merchantRefNumber ? status.data : null;
  }

  return {
    name: 'fawry',
    hosted: true,
    methods,
    async start(order, method) {
      if (!methods.includes(method)) throw badRequest(say.api.methodUnavailable);
      // A number, as Fawry's examples show it; one per attempt, so a new attempt never meets an old reference.
      const merchantRefNum = `${Date.now()}${randomInt(100_000, 1_000_000)}`;
      const customer = {
        customerProfileId: '',
        customerName: order.customer.name,
        customerMobile: order.customer.phone,
        customerEmail: order.customer.email ?? '',
      };
      // One line for the whole bill: the coupon, shipping and fees are in it, as the shopper pays it.
      const chargeItems = [
        { itemId: order.id, description: `Order #${orderRef(order.id)}`, price: egp(order.amount), quantity: 1 },
      ];
      const language = order.language === 'ar' ? 'ar-eg' : 'en-gb';
      if (method === 'card') {
        const unsigned = {
          merchantCode,
          merchantRefNum,
          ...customer,
          language,
          chargeItems,
          returnUrl: `${publicUrl}${WEB_PATHS.paymentStatus}?order=${order.id}`,
          orderWebHookUrl: webhook,
          paymentMethod: 'CARD',
          authCaptureModePayment: false,
        } as const;
        const url = await post(
          CHECKOUT_INIT_PATH,
          { ...unsigned, signature: checkoutSignature(unsigned, key) },
          say.api.cardUnavailable,
        );
        if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
          deps.log.error({ answer: url, order: order.id }, 'Fawry answered a checkout without its link');
          throw new HttpError(502, say.api.cardUnavailable);
        }
        return { providerRef: merchantRefNum, clientSecret: merchantRefNum, checkoutUrl: url };
      }
      const unsigned = {
        merchantCode,
        merchantRefNum,
        ...customer,
        paymentMethod: 'PAYATFAWRY',
        amount: egp(order.amount),
        currencyCode: 'EGP',
        language,
        description: `Order #${orderRef(order.id)}`,
        // The reference lasts exactly as long as the order waits for it.
        paymentExpiry: order.payBy.getTime(),
        chargeItems,
        orderWebHookUrl: webhook,
      } as const;
      const parsed = chargeResponseSchema.safeParse(
        await post(
          CHARGE_PATH,
          { ...unsigned, signature: chargeSignature(unsigned, key) },
          say.api.referenceUnavailable,
        ),
      );
      if (!parsed.success || parsed.data.statusCode !== 200 || !parsed.data.referenceNumber) {
        deps.log.error({ answer: parsed.data, order: order.id }, 'Fawry refused a reference');
        throw new HttpError(502, say.api.referenceUnavailable);
      }
      const number = parsed.data.referenceNumber;
      const expiresAt = new Date(parsed.data.expirationTime ?? order.payBy.getTime());
      return { providerRef: merchantRefNum, clientSecret: number, checkoutUrl: null, reference: { number, expiresAt } };
    },
    // An unpaid reference expires with its order (paymentExpiry); one paid after all is given back (service.ts).
    cancel: async () => undefined,
    readCallback(request) {
      let body: unknown;
      try {
        body = JSON.parse(request.rawBody.toString('utf8'));
      } catch {
        throw badRequest(say.api.expectedJson);
      }
      const parsed = notificationSchema.safeParse(body);
      if (!parsed.success) throw badRequest(say.api.invalidSignature);
      if (!parsed.data.messageSignature) throw badRequest(say.api.missingSignature);
      if (!verifyNotification(parsed.data, key)) throw badRequest(say.api.invalidSignature);
      return eventOf(parsed.data);
    },
    async poll(payment) {
      const status = await statusOf(payment.providerRef);
      return status && eventOf(status);
    },
    async givenBack(payment) {
      const status = await statusOf(payment.providerRef);
      if (!status) throw new Error(`Fawry gave no status of payment ${payment.providerRef}`);
      // Fawry says whether all of the order's amount went back, not how much of it a partial refund gave.
      const given = status.orderStatus.toUpperCase();
      return given === 'REFUNDED' ? 'refunded' : given === 'PARTIAL_REFUNDED' ? { part: null } : 'none';
    },
    async refund(payment) {
      if (!payment.transactionId) throw new HttpError(502, say.api.refundFailed);
      const unsigned = {
        merchantCode,
        referenceNumber: payment.transactionId,
        refundAmount: egp(payment.amount),
        reason: 'Refund',
      };
      const answer = await post(
        REFUND_PATH,
        { ...unsigned, signature: refundSignature(unsigned, key) },
        say.api.refundFailed,
      );
      // Fawry declines a refund with HTTP 200 and a status code of its own (9954: more than was paid); an answer
      // without one does not say it was not made, so the request stands until Fawry's notification or status says.
      const given = refundResponseSchema.safeParse(answer);
      if (!given.success) {
        deps.log.error({ answer, reference: payment.transactionId }, 'Fawry left a refund unsettled');
        throw new OutcomeUnknown(502, say.api.refundFailed);
      }
      if (given.data.statusCode !== 200) {
        deps.log.error({ answer, reference: payment.transactionId }, 'Fawry declined a refund');
        throw new HttpError(502, say.api.refundFailed);
      }
      return 'refunded';
    },
  };
}
