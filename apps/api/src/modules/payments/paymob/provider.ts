import type { ProviderDeps } from '../registry.js';
import { z } from 'zod';
import { languageOf, ONLINE_METHODS, orderRef, render, say, type OnlineMethod, type Said } from '@shop/contracts';
import { badRequest, HttpError } from '../../../lib/errors.js';
import { cairoDay } from '../../../lib/clock.js';
import {
  callProvider,
  givenBackOf,
  OutcomeUnknown,
  type PayableOrder,
  type PaymentEvent,
  type PaymentProvider,
} from '../provider.js';
import {
  callbackSchema,
  CHECKOUT_PATH,
  giveBackAnswerSchema,
  INTENTION_PATH,
  intentionResponseSchema,
  REFUND_PATH,
  retrievedTransactionSchema,
  TRANSACTION_PATH,
  verifyRedirect,
  verifyTransaction,
  VOID_PATH,
  type IntentionRequest,
  type RefundRequest,
  type Transaction,
  type VoidRequest,
} from './wire.js';

const integrationId = z.coerce.number().int().positive().optional();

/** Its settings, read from the environment; a method is offered only when its integration id is set. */
export const paymobSettings = z.object({
  PAYMOB_SECRET_KEY: z.string().min(1, 'PAYMOB_SECRET_KEY is required for the Paymob provider'),
  PAYMOB_PUBLIC_KEY: z.string().min(1, 'PAYMOB_PUBLIC_KEY is required for the Paymob provider'),
  PAYMOB_HMAC_SECRET: z.string().min(1, 'PAYMOB_HMAC_SECRET is required for the Paymob provider'),
  PAYMOB_CARD_INTEGRATION_ID: integrationId,
  PAYMOB_WALLET_INTEGRATION_ID: integrationId,
  PAYMOB_KIOSK_INTEGRATION_ID: integrationId,
  PAYMOB_API_URL: z.string().url().default('https://accept.paymob.com'),
  /** Instalment plans as `name:integrationId`, comma-separated (valu:5001,souhoola:5002): each is a method by its name. */
  PAYMOB_INSTALMENT_INTEGRATIONS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((pair) => pair.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(/^[a-z][a-z0-9_-]{1,31}:\d+$/i, 'PAYMOB_INSTALMENT_INTEGRATIONS lists name:integrationId pairs')
          .transform((pair) => {
            const [name = '', id = ''] = pair.split(':');
            return [name.toLowerCase(), Number(id)] as const;
          })
          .refine(([name]) => !(ONLINE_METHODS as readonly string[]).includes(name), {
            message: `An instalment plan cannot be named ${ONLINE_METHODS.join(', ')}`,
          }),
      ),
    ),
});

function eventOf(tx: Transaction): PaymentEvent | null {
  let kind: PaymentEvent['kind'];
  if (tx.is_voided || tx.is_refunded) {
    // Only the refund or void itself (a child transaction, has_parent_transaction) says how much went
    // back: the payment reported again as given back carries its own, original amount, which would read
    // as the whole bill after a partial refund. One Paymob declined moved no money and changes nothing.
    if (!tx.has_parent_transaction || !tx.success || tx.pending) return null;
    kind = tx.is_voided ? 'voided' : 'refunded';
  } else if (tx.success && !tx.pending) kind = 'paid';
  else if (tx.pending) kind = 'pending';
  else kind = 'failed';
  const reference = tx.data?.bill_reference;
  return {
    id: `paymob:${tx.id}:${kind}`,
    kind,
    // special_reference is outside the signed fields: the order is found by Paymob's own order id.
    orderId: null,
    providerRef: String(tx.order.id),
    amount: tx.amount_cents,
    currency: tx.currency,
    transactionId: String(tx.id),
    reference: reference === null || reference === undefined ? null : String(reference),
    message: tx.data?.message ?? null,
  };
}

/** Paymob (Accept): unified checkout by intention, cards (Visa, Mastercard, Meeza), mobile wallets and kiosk. */
/**
 * The order's lines as Paymob takes them: they must add up to the amount and none may be negative, so an order whose
 * lines do not (a coupon took some off) is one line for the whole of it.
 */
function itemsOf(order: PayableOrder): PayableOrder['items'] {
  const sum = order.items.reduce((total, item) => total + item.amount * item.quantity, 0);
  if (sum === order.amount) return order.items;
  return [
    {
      name: render(say.api.orderItem(orderRef(order.id)), languageOf(order.language)),
      amount: order.amount,
      quantity: 1,
    },
  ];
}

export function paymobProvider(deps: ProviderDeps): PaymentProvider {
  const settings = paymobSettings.parse(deps.config.env);
  const api = settings.PAYMOB_API_URL.replace(/\/+$/, '');
  // An instalment plan's intention is created as a card's, with the plan's integration id.
  const integrations = new Map<OnlineMethod, number | undefined>([
    ['card', settings.PAYMOB_CARD_INTEGRATION_ID],
    ['wallet', settings.PAYMOB_WALLET_INTEGRATION_ID],
    ['kiosk', settings.PAYMOB_KIOSK_INTEGRATION_ID],
    ...settings.PAYMOB_INSTALMENT_INTEGRATIONS,
  ]);
  const methods = [...integrations].flatMap(([method, id]) => (id === undefined ? [] : [method]));
  const ours = new Set(integrations.values());
  const publicUrl = deps.config.PUBLIC_URL.replace(/\/+$/, '');

  const authorization = `Token ${settings.PAYMOB_SECRET_KEY}`;
  const call = (path: string, body: IntentionRequest | RefundRequest | VoidRequest, failure: Said) =>
    callProvider(
      'Paymob',
      `${api}${path}`,
      {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
      failure,
      deps.log,
    );

  return {
    name: 'paymob',
    hosted: true,
    methods,
    publicKey: settings.PAYMOB_PUBLIC_KEY,
    async start(order, method, walletPhone) {
      const integration = integrations.get(method);
      if (integration === undefined) throw badRequest(say.api.methodUnavailable);
      const [firstName, ...rest] = order.customer.name.trim().split(/\s+/);
      const names = {
        first_name: firstName || 'NA',
        last_name: rest.join(' ') || 'NA',
        email: order.customer.email ?? 'NA',
      };
      const request: IntentionRequest = {
        amount: order.amount,
        currency: 'EGP',
        payment_methods: [integration],
        items: itemsOf(order),
        billing_data: {
          ...names,
          // The wallet is charged on the number given for it; Paymob asks that phone to approve.
          phone_number: walletPhone ?? order.customer.phone,
          street: order.address.street,
          building: order.address.building,
          city: order.address.city,
          state: order.address.state,
          country: order.address.country,
          postal_code: order.address.zipCode,
          apartment: 'NA',
          floor: 'NA',
        },
        customer: names,
        special_reference: order.id,
        notification_url: `${publicUrl}/api/payment/webhook`,
        redirection_url: `${publicUrl}/api/payment/return`,
      };
      const parsed = intentionResponseSchema.safeParse(await call(INTENTION_PATH, request, say.api.cardUnavailable));
      if (!parsed.success) {
        deps.log.error(
          { issues: parsed.error.issues, order: order.id },
          'Paymob answered an intention without its ids',
        );
        throw new HttpError(502, say.api.cardUnavailable);
      }
      const { client_secret: clientSecret, intention_order_id: providerRef } = parsed.data;
      const query = new URLSearchParams({ publicKey: settings.PAYMOB_PUBLIC_KEY, clientSecret });
      return { providerRef, clientSecret, checkoutUrl: `${api}${CHECKOUT_PATH}?${query}` };
    },
    // An unpaid intention simply expires at Paymob; the callbacks of a cancelled order change nothing.
    cancel: async () => undefined,
    readCallback(request) {
      let body: unknown;
      try {
        body = JSON.parse(request.rawBody.toString('utf8'));
      } catch {
        throw badRequest(say.api.expectedJson);
      }
      const parsed = callbackSchema.safeParse(body);
      const hmac = request.query.hmac;
      if (!hmac) throw badRequest(say.api.missingSignature);
      // Verified before anything else is looked at; a shape that cannot be signed cannot be genuine either.
      if (!parsed.success || !verifyTransaction(parsed.data.obj, hmac, settings.PAYMOB_HMAC_SECRET))
        throw badRequest(say.api.invalidSignature);
      // The HMAC covers its fields run together, so digits moved from `id` to `integration_id` or back still verify:
      // with the hmac of their own payment's redirect, anyone could post it again as another transaction, audited as a
      // second payment for staff to refund by hand. Only the shop's integrations make its payments. A refund or void
      // (a child transaction) no redirect signs passes: it may come months later, of an integration since retired.
      const integration = Number(parsed.data.obj.integration_id);
      if (!parsed.data.obj.has_parent_transaction && !ours.has(integration)) {
        deps.log.warn(
          { integration, order: String(parsed.data.obj.order.id) },
          'Paymob callback of another integration',
        );
        throw badRequest(say.api.invalidSignature);
      }
      return eventOf(parsed.data.obj);
    },
    readReturn(query) {
      if (!query.hmac) throw badRequest(say.api.missingSignature);
      if (!verifyRedirect(query, settings.PAYMOB_HMAC_SECRET) || typeof query.order !== 'string')
        throw badRequest(say.api.invalidSignature);
      return { providerRef: query.order };
    },
    async refund(payment) {
      if (!payment.transactionId) throw new HttpError(502, say.api.refundFailed);
      // Paymob settles a day's transactions after it ends (in Cairo), and until then a void cancels one whole.
      const sameDay = payment.paidAt !== null && cairoDay(payment.paidAt) === cairoDay(deps.clock.now());
      const voiding = sameDay && payment.amount === payment.paid;
      const answer = voiding
        ? await call(VOID_PATH, { transaction_id: payment.transactionId }, say.api.refundFailed)
        : await call(
            REFUND_PATH,
            { transaction_id: payment.transactionId, amount_cents: payment.amount },
            say.api.refundFailed,
          );
      // Paymob answers a refund or void it declines (already settled, more than is left) with HTTP 200
      // and the declined transaction: only `success: true` means the money went back, and only a
      // transaction that is not pending and did not succeed that it did not. Anything else may still give
      // it back, so the request stands until Paymob's refund callback, or Paymob asked once it settles, says.
      const given = giveBackAnswerSchema.safeParse(answer);
      if (!given.success || given.data.pending) {
        deps.log.error({ answer, transaction: payment.transactionId, voiding }, 'Paymob left a refund unsettled');
        throw new OutcomeUnknown(502, say.api.refundFailed);
      }
      if (!given.data.success) {
        deps.log.error({ answer, transaction: payment.transactionId, voiding }, 'Paymob declined a refund');
        throw new HttpError(502, say.api.refundFailed);
      }
      return voiding ? 'voided' : 'refunded';
    },
    async givenBack(payment) {
      if (!payment.transactionId) throw new Error(`payment ${payment.providerRef} has no Paymob transaction`);
      const answer = await callProvider(
        'Paymob',
        `${api}${TRANSACTION_PATH}${encodeURIComponent(payment.transactionId)}`,
        { method: 'GET', headers: { authorization } },
        say.api.refundFailed,
        deps.log,
      );
      const retrieved = retrievedTransactionSchema.safeParse(answer);
      if (!retrieved.success || String(retrieved.data.id) !== payment.transactionId)
        throw new Error(`Paymob answered transaction ${payment.transactionId} unreadably: ${JSON.stringify(answer)}`);
      return retrieved.data.is_voided
        ? 'voided'
        : givenBackOf(retrieved.data.refunded_amount_cents, retrieved.data.amount_cents);
    },
  };
}
