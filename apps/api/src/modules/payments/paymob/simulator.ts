import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { json, readBody } from '../../../lib/simulator-server.js';
import {
  CHECKOUT_PATH,
  INTENTION_PATH,
  redirectQuery,
  REFUND_PATH,
  signTransaction,
  TRANSACTION_PATH,
  VOID_PATH,
  type IntentionRequest,
  type Transaction,
} from './wire.js';

/**
 * A local stand-in for Paymob, for development and tests without the internet: it speaks the routes
 * the shop calls (intention, refund, void, retrieve a transaction), serves a unified checkout page that takes Paymob's test
 * cards and test wallet, posts HMAC-signed transaction callbacks to the intention's notification_url
 * and sends the shopper back to its redirection_url, as Paymob does.
 *
 *   npm run paymob-simulator -w apps/api     (PAYMOB_SIMULATOR_PORT, default 8090)
 */

export interface SimulatorOptions {
  port?: number;
  secretKey: string;
  publicKey: string;
  hmacSecret: string;
  integrations: { card?: number; wallet?: number; kiosk?: number };
  /** Instalment plans by name (valu, souhoola…) and integration id: paid like a card, approved on the buyer's phone. */
  instalments?: Record<string, number>;
}

/** Paymob's documented test cards, and the test wallet number; anything else is declined. */
export const TEST_CARDS = ['5123456789012346', '4111111111111111'];
export const TEST_WALLET = '01010101010';

type Method = 'card' | 'wallet' | 'kiosk' | 'instalment';

/** How a refund or void is refused, or answered otherwise than by its transaction at once (refuseGiveBacks). */
type GiveBackAnswer = 'declined' | 'error' | 'lost' | 'cut' | 'pending' | 'overtaken';

interface Intention {
  id: string;
  clientSecret: string;
  orderId: number;
  method: Method;
  integrationId: number;
  request: IntentionRequest;
  /** The paying transaction, once paid. */
  paid: Transaction | null;
  /** A kiosk bill waiting to be paid at an outlet. */
  bill: { reference: string; transaction: Transaction } | null;
}

/** A callback posted to the shop, with the status it answered. */
export interface Notified {
  transaction: Transaction;
  status: number;
}

/** A received request to the shop-facing API, for tests to check what the shop sent. */
export interface Received {
  path: string;
  authorization: string | undefined;
  body: unknown;
}

const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startPaymobSimulator(options: SimulatorOptions) {
  const intentions = new Map<string, Intention>();
  const transactions = new Map<string, { intention: Intention; tx: Transaction }>();
  /** What went back of each paid transaction, by its id, as retrieving it shows: piastres refunded, or voided. */
  const givenBack = new Map<string, { refunded: number; voided: boolean }>();
  const received: Received[] = [];
  const notified: Notified[] = [];
  /** How the next refund or void requests are refused, or answered, oldest first (a test's doing). */
  const refusals: GiveBackAnswer[] = [];
  let intentionDelayMs = 0;
  /**
   * The shop's orders (special_reference) whose callbacks wait until released, with those waiting: a test's way of
   * playing Paymob's callback coming long after the shopper was sent back.
   */
  const held = new Map<string, { intention: Intention; tx: Transaction }[]>();
  const posting = new Set<Promise<unknown>>();
  let nextOrder = 300_000_000 + Math.floor(Math.random() * 1_000_000);
  let nextTransaction = 900_000_000 + Math.floor(Math.random() * 1_000_000);
  const methodOf = new Map<number, Method>([
    ...(['card', 'wallet', 'kiosk'] as const).flatMap((method) =>
      options.integrations[method] === undefined ? [] : [[options.integrations[method], method] as const],
    ),
    ...Object.values(options.instalments ?? {}).map((id) => [id, 'instalment'] as const),
  ]);

  function transaction(
    intention: Intention,
    outcome: {
      success: boolean;
      pending?: boolean;
      amount?: number;
      refunded?: boolean;
      voided?: boolean;
      message?: string;
      pan?: string;
      reference?: string;
    },
  ): Transaction {
    const subType = { card: 'MasterCard', wallet: 'wallet', kiosk: 'AGGREGATOR', instalment: 'VALU' }[intention.method];
    return {
      id: nextTransaction++,
      amount_cents: outcome.amount ?? intention.request.amount,
      created_at: new Date().toISOString().slice(0, 19),
      currency: 'EGP',
      error_occured: !outcome.success && !outcome.pending,
      has_parent_transaction: Boolean(outcome.refunded || outcome.voided),
      integration_id: intention.integrationId,
      is_3d_secure: intention.method === 'card',
      is_auth: false,
      is_capture: false,
      is_refunded: Boolean(outcome.refunded),
      is_standalone_payment: true,
      is_voided: Boolean(outcome.voided),
      order: { id: intention.orderId },
      owner: 1,
      pending: Boolean(outcome.pending),
      source_data: {
        pan: outcome.pan ?? '',
        sub_type: subType,
        type: intention.method === 'card' ? 'card' : intention.method,
      },
      success: outcome.success,
      data: {
        message: outcome.message ?? (outcome.success ? 'Approved' : outcome.pending ? 'Pending' : 'Declined'),
        bill_reference: outcome.reference ?? null,
      },
    };
  }

  /** Posts the signed callback and waits for the shop's answer, whose status it returns. */
  async function notify(intention: Intention, tx: Transaction): Promise<number> {
    transactions.set(String(tx.id), { intention, tx });
    const url = new URL(intention.request.notification_url);
    url.searchParams.set('hmac', signTransaction(tx, options.hmacSecret));
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'TRANSACTION', obj: tx }),
    });
    notified.push({ transaction: tx, status: res.status });
    return res.status;
  }

  function redirectTo(intention: Intention, tx: Transaction): string {
    const url = new URL(intention.request.redirection_url);
    for (const [key, value] of Object.entries(redirectQuery(tx))) url.searchParams.set(key, value);
    url.searchParams.set('hmac', signTransaction(tx, options.hmacSecret));
    return url.toString();
  }

  function checkoutPage(intention: Intention, error = ''): string {
    const { method, request } = intention;
    const fields = {
      card: `<label>Card number <input name="card" inputmode="numeric" autocomplete="cc-number" required></label>
        <label>Expiry (MM/YY) <input name="expiry" value="12/30" required></label>
        <label>CVV <input name="cvv" value="123" required></label>
        <label>Name on card <input name="name" value="${html(`${request.billing_data.first_name} ${request.billing_data.last_name}`)}"></label>
        <button>Pay</button>`,
      wallet: `<label>Wallet number <input name="wallet" inputmode="tel" value="${html(request.billing_data.phone_number)}" required></label>
        <button>Pay with wallet</button>`,
      kiosk: `<p>Pay at any Aman or Masary outlet with a reference number.</p><button>Get reference</button>`,
      instalment: `<label>Mobile number registered for instalments <input name="instalmentPhone" inputmode="tel" value="${html(request.billing_data.phone_number)}" required></label>
        <button>Pay in instalments</button>`,
    }[method];
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Paymob checkout (simulator)</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}label{display:block;margin:.75rem 0}input{display:block;width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}button{padding:.6rem 1.2rem;font-size:1rem}.error{color:#b00020}</style>
</head><body><h1>Paymob checkout</h1><p>Simulator. Amount: ${(request.amount / 100).toFixed(2)} EGP</p>
${error ? `<p class="error" role="alert">${html(error)}</p>` : ''}
<form method="post" action="${CHECKOUT_PATH}pay"><input type="hidden" name="clientSecret" value="${html(intention.clientSecret)}">${fields}</form></body></html>`;
  }

  /** The shopper submits the checkout form: the outcome is decided, the shop told, the shopper sent back. */
  async function pay(intention: Intention, form: URLSearchParams): Promise<string> {
    let tx: Transaction;
    if (intention.paid) return redirectTo(intention, intention.paid);
    if (intention.method === 'kiosk') {
      const reference = intention.bill?.reference ?? String(Math.floor(10_000_000 + Math.random() * 89_999_999));
      tx = transaction(intention, { success: false, pending: true, reference });
      intention.bill = { reference, transaction: tx };
    } else if (intention.method === 'instalment') {
      // The plan approves a buyer it knows: here, any Egyptian mobile number.
      const phone = (form.get('instalmentPhone') ?? '').replace(/\D/g, '');
      tx = /^01[0125]\d{8}$/.test(phone)
        ? transaction(intention, { success: true, pan: phone.slice(-4) })
        : transaction(intention, { success: false, message: 'Instalment not approved', pan: phone.slice(-4) });
    } else if (intention.method === 'wallet') {
      const wallet = (form.get('wallet') ?? '').replace(/\D/g, '');
      tx =
        wallet === TEST_WALLET
          ? transaction(intention, { success: true, pan: wallet })
          : transaction(intention, { success: false, message: 'Wallet payment was not approved', pan: wallet });
    } else {
      const card = (form.get('card') ?? '').replace(/\D/g, '');
      const pan = card.slice(-4);
      tx = TEST_CARDS.includes(card)
        ? transaction(intention, { success: true, pan })
        : transaction(intention, { success: false, message: 'Do not honour', pan });
    }
    if (tx.success) intention.paid = tx;
    await deliver(intention, tx);
    return redirectTo(intention, tx);
  }

  /** Posts a transaction's callback, or keeps it while its order's callbacks are held. */
  async function deliver(intention: Intention, tx: Transaction) {
    const waiting = held.get(intention.request.special_reference);
    if (waiting) waiting.push({ intention, tx });
    else await notify(intention, tx);
  }

  /** Someone pays a kiosk bill at an outlet: Paymob then confirms the pending transaction. */
  async function payKiosk(reference: string): Promise<number> {
    const intention = [...intentions.values()].find((i) => i.bill?.reference === reference);
    if (!intention?.bill || intention.paid) return 404;
    const tx: Transaction = {
      ...intention.bill.transaction,
      pending: false,
      success: true,
      data: { message: 'Paid at kiosk', bill_reference: reference },
    };
    intention.paid = tx;
    return notify(intention, tx);
  }

  /** The callbacks of the shop's order `orderId` wait (the shopper still sent back) until `releaseCallbacks`. */
  function holdCallbacks(orderId: string) {
    if (!held.has(orderId)) held.set(orderId, []);
  }

  /** Posts the callbacks held for the order, oldest first, and stops holding them; answers the shop's statuses. */
  async function releaseCallbacks(orderId: string): Promise<number[]> {
    const waiting = held.get(orderId) ?? [];
    held.delete(orderId);
    const statuses: number[] = [];
    for (const { intention, tx } of waiting) statuses.push(await notify(intention, tx));
    return statuses;
  }

  const authorised = (req: IncomingMessage) => req.headers.authorization === `Token ${options.secretKey}`;

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const body = req.method === 'POST' ? await readBody(req) : '';

    if (
      req.method === 'POST' &&
      (url.pathname === INTENTION_PATH || url.pathname === REFUND_PATH || url.pathname === VOID_PATH)
    ) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return json(res, 400, { detail: 'JSON parse error' });
      }
      received.push({ path: url.pathname, authorization: req.headers.authorization, body: parsed });
      if (!authorised(req)) return json(res, 401, { detail: 'Authentication credentials were not provided.' });
      if (url.pathname === INTENTION_PATH && intentionDelayMs)
        await new Promise((resolve) => setTimeout(resolve, intentionDelayMs));
      return url.pathname === INTENTION_PATH
        ? createIntention(res, parsed as IntentionRequest)
        : giveBack(res, url.pathname, parsed as { transaction_id?: unknown; amount_cents?: unknown });
    }
    if (req.method === 'GET' && url.pathname === CHECKOUT_PATH) {
      const intention = intentions.get(url.searchParams.get('clientSecret') ?? '');
      if (!intention || url.searchParams.get('publicKey') !== options.publicKey)
        return json(res, 404, { detail: 'Not found.' });
      return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(checkoutPage(intention));
    }
    if (req.method === 'POST' && url.pathname === `${CHECKOUT_PATH}pay`) {
      const form = new URLSearchParams(body);
      const intention = intentions.get(form.get('clientSecret') ?? '');
      if (!intention) return json(res, 404, { detail: 'Not found.' });
      return res.writeHead(303, { location: await pay(intention, form) }).end();
    }
    const retrieved = url.pathname.startsWith(TRANSACTION_PATH) && url.pathname.slice(TRANSACTION_PATH.length);
    if (req.method === 'GET' && retrieved) {
      received.push({ path: url.pathname, authorization: req.headers.authorization, body: null });
      if (!authorised(req)) return json(res, 401, { detail: 'Authentication credentials were not provided.' });
      return retrieve(res, retrieved);
    }
    const kiosk = url.pathname.match(/^\/simulator\/kiosk\/(\d+)\/pay$/);
    if (req.method === 'POST' && kiosk?.[1]) return json(res, await payKiosk(kiosk[1]), {});
    const hold = url.pathname.match(/^\/simulator\/orders\/([\w-]+)\/(hold|release)$/);
    if (req.method === 'POST' && hold?.[1]) {
      if (hold[2] === 'release') return json(res, 200, { statuses: await releaseCallbacks(hold[1]) });
      holdCallbacks(hold[1]);
      return json(res, 200, {});
    }
    json(res, 404, { detail: 'Not found.' });
  }

  function createIntention(res: ServerResponse, request: IntentionRequest) {
    const [integrationId] = request.payment_methods ?? [];
    const method = integrationId === undefined ? undefined : methodOf.get(integrationId);
    const itemsTotal = (request.items ?? []).reduce((sum, item) => sum + item.amount * item.quantity, 0);
    if (
      !Number.isInteger(request.amount) ||
      request.amount <= 0 ||
      request.currency !== 'EGP' ||
      !method ||
      itemsTotal !== request.amount ||
      !request.notification_url
    ) {
      return json(res, 400, { detail: 'Invalid intention' });
    }
    const intention: Intention = {
      id: `pi_test_${randomBytes(16).toString('hex')}`,
      clientSecret: `egy_csk_test_${randomBytes(16).toString('hex')}`,
      orderId: nextOrder++,
      method,
      integrationId: integrationId as number,
      request,
      paid: null,
      bill: null,
    };
    intentions.set(intention.clientSecret, intention);
    json(res, 201, {
      id: intention.id,
      client_secret: intention.clientSecret,
      intention_order_id: intention.orderId,
      payment_keys: [
        {
          integration: intention.integrationId,
          key: randomBytes(16).toString('hex'),
          gateway_type: method,
          order_id: intention.orderId,
        },
      ],
      amount: request.amount,
      currency: 'EGP',
      special_reference: request.special_reference,
      status: 'intended',
    });
  }

  function giveBack(res: ServerResponse, path: string, request: { transaction_id?: unknown; amount_cents?: unknown }) {
    const found = transactions.get(String(request.transaction_id));
    if (!found || !found.tx.success || found.tx.pending) return json(res, 404, { detail: 'Transaction not found' });
    const voiding = path === VOID_PATH;
    const refusal = refusals.shift();
    if (refusal === 'error') return json(res, 500, { detail: 'Internal server error' });
    if (refusal === 'declined') {
      // Paymob's way of saying no: HTTP 200 and a transaction that did not succeed.
      const declined = transaction(found.intention, {
        success: false,
        amount: voiding ? found.tx.amount_cents : Number(request.amount_cents),
        refunded: !voiding,
        voided: voiding,
        message: voiding ? 'Transaction can not be voided' : 'Refund declined',
      });
      return json(res, 200, declined);
    }
    const amount = voiding ? found.tx.amount_cents : Number(request.amount_cents);
    // Parts refunded before (by the shop, or from the dashboard) leave only the rest to refund.
    const given = givenBack.get(String(found.tx.id)) ?? { refunded: 0, voided: false };
    if (!Number.isInteger(amount) || amount <= 0 || amount > found.tx.amount_cents - given.refunded)
      return json(res, 400, { detail: 'Invalid amount' });
    const tx = transaction(found.intention, {
      success: true,
      amount,
      refunded: !voiding,
      voided: voiding,
      message: voiding ? 'Voided' : 'Refunded',
    });
    givenBack.set(String(found.tx.id), {
      refunded: given.refunded + (voiding ? 0 : amount),
      voided: given.voided || voiding,
    });
    // `lost`: the money went back, but Paymob's answer did not reach the shop (a gateway error after the work was done);
    // `cut`: its answer broke off half-way (the connection dropped); `pending`: Paymob answers the refund as not
    // finished yet, and only its callback says it went through; `overtaken`: the callback, travelling apart from the
    // answer, reaches the shop first.
    if (refusal === 'overtaken') {
      void deliver(found.intention, tx)
        .catch(() => undefined)
        .then(() => json(res, 200, tx));
      return;
    }
    if (refusal === 'lost') json(res, 502, { detail: 'Bad gateway' });
    else if (refusal === 'cut')
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .write(JSON.stringify(tx).slice(0, 20), () => res.destroy());
    else if (refusal === 'pending')
      json(res, 200, { ...tx, success: false, pending: true, data: { message: 'Pending' } });
    else json(res, 200, tx);
    // As at Paymob, the callback follows the answer: the shop may still hold the order while it waits for it.
    deliverLater(found.intention, tx);
  }

  /**
   * Posts a callback once the answer before it has gone, in the background. Closing waits for these: the shop's answer
   * to one still under way keeps a connection of the shop's server busy, and a server closing then waits out that
   * connection's keep-alive (Fastify's 72 s) once the answer is sent.
   */
  function deliverLater(intention: Intention, tx: Transaction) {
    const posted: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => deliver(intention, tx))
      .catch(() => undefined)
      .finally(() => posting.delete(posted));
    posting.add(posted);
  }

  /** A transaction as it stands: a payment says whether it was voided and how much of it was refunded. */
  function retrieve(res: ServerResponse, id: string) {
    const found = transactions.get(id);
    if (!found) return json(res, 404, { detail: 'Not found.' });
    const given = givenBack.get(id) ?? { refunded: 0, voided: false };
    json(res, 200, {
      ...found.tx,
      is_refunded: found.tx.is_refunded || given.refunded > 0,
      is_voided: found.tx.is_voided || given.voided,
      refunded_amount_cents: given.refunded,
    });
  }

  const server = createServer((req, res) => {
    route(req, res).catch((err: unknown) => json(res, 500, { detail: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Requests the shop made to the API routes, oldest first. */
    received,
    /** Callbacks posted to the shop and its answers, oldest first. */
    notified,
    payKiosk,
    /**
     * The next `count` refund or void requests are declined (HTTP 200, success false), fail (HTTP 500), or are made
     * with their answer lost (HTTP 502), cut off half-way (HTTP 200), pending (HTTP 200, pending true), or overtaken
     * by their callback (HTTP 200 once the shop answered the callback).
     */
    refuseGiveBacks(how: GiveBackAnswer, count = 1) {
      for (let i = 0; i < count; i++) refusals.push(how);
    },
    holdCallbacks,
    releaseCallbacks,
    /** Paymob answering intentions slowly (a busy day): each waits `ms` before it is created. */
    slowIntentions(ms: number) {
      intentionDelayMs = ms;
    },
    /** Closes once the callbacks posted in the background have their answers: close it before the shop. */
    async close() {
      while (posting.size) await Promise.all(posting);
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = process.env;
  const id = (value: string | undefined, fallback: number) => (value ? Number(value) : fallback);
  const simulator = await startPaymobSimulator({
    port: Number(env.PAYMOB_SIMULATOR_PORT ?? 8090),
    secretKey: env.PAYMOB_SECRET_KEY ?? 'sim_secret_key',
    publicKey: env.PAYMOB_PUBLIC_KEY ?? 'sim_public_key',
    hmacSecret: env.PAYMOB_HMAC_SECRET ?? 'sim_hmac_secret',
    integrations: {
      card: id(env.PAYMOB_CARD_INTEGRATION_ID, 1001),
      wallet: id(env.PAYMOB_WALLET_INTEGRATION_ID, 1002),
      kiosk: id(env.PAYMOB_KIOSK_INTEGRATION_ID, 1003),
    },
    instalments: Object.fromEntries(
      (env.PAYMOB_INSTALMENT_INTEGRATIONS ?? 'valu:5001,souhoola:5002')
        .split(',')
        .map((pair) => pair.trim().split(':'))
        .filter((pair): pair is [string, string] => pair.length === 2)
        .map(([name, integration]) => [name, Number(integration)]),
    ),
  });
  console.log(`Paymob simulator on ${simulator.url} (PAYMOB_API_URL=${simulator.url})`);
  const stop = () => void simulator.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
