import { randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { json, readBody, serveLocally } from '../../../lib/simulator-server.js';
import {
  CHARGE_PATH,
  chargeSignature,
  CHECKOUT_INIT_PATH,
  checkoutSignature,
  notificationSignature,
  REFUND_PATH,
  refundSignature,
  STATUS_PATH,
  statusSignature,
  twoDecimals,
  type ChargeRequest,
  type CheckoutInitRequest,
  type Notification,
  type RefundRequest,
} from './wire.js';

/**
 * A local stand-in for FawryPay, for development and tests without the internet: the charge (PAYATFAWRY), the
 * express checkout link with a card page, the payment status V2 and the refund, each checking the merchant's
 * signature as Fawry does (9946 "Wrong Signature" otherwise), and signed server notifications V2 posted to the
 * charge's orderWebHookUrl. `POST /simulator/reference/<number>/pay` pays a reference as an outlet would;
 * `/simulator/reference/<number>/expire` lets it run out.
 *
 *   npm run fawry-simulator -w apps/api     (FAWRY_SIMULATOR_PORT, default 8091)
 */

export interface FawrySimulatorOptions {
  port?: number;
  merchantCode: string;
  securityKey: string;
}

/** Fawry's test card; any other number is declined. */
export const FAWRY_TEST_CARD = '4005550000000001';

interface Charge {
  merchantRefNum: string;
  fawryRefNumber: string;
  paymentMethod: 'PAYATFAWRY' | 'CARD';
  /** EGP. */
  amount: number;
  webhook: string;
  returnUrl: string | null;
  expiresAt: number;
  status: 'UNPAID' | 'PAID' | 'EXPIRED' | 'REFUNDED' | 'PARTIAL_REFUNDED' | 'FAILED';
  refunded: number;
  paymentRefrenceNumber: string | null;
}

/** A notification posted to the shop, with the status it answered. */
export interface FawryNotified {
  notification: Notification;
  status: number;
}

const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const wrongSignature = { statusCode: 9946, statusDescription: 'Wrong Signature' };

export async function startFawrySimulator(options: FawrySimulatorOptions) {
  const charges = new Map<string, Charge>();
  const notified: FawryNotified[] = [];
  const received: { path: string; body: unknown }[] = [];
  const key = options.securityKey;
  /** While set, notifications are lost on the way (the shop was down): only a status poll learns what happened. */
  let losing = false;
  /** While set, a refund is made but answered with a 5xx, as when Fawry fails half-way: only its notification tells. */
  let refundsFailHalfWay = false;

  /** The charge's state as the notification V2 and the status V2 tell it, signed. */
  function notification(charge: Charge): Notification {
    const unsigned = {
      requestId: `${Date.now()}${randomInt(1000, 9999)}`,
      fawryRefNumber: charge.fawryRefNumber,
      merchantRefNumber: charge.merchantRefNum,
      paymentAmount: Number(twoDecimals(charge.amount)),
      orderAmount: Number(twoDecimals(charge.amount)),
      fawryFees: 0,
      orderStatus: charge.status === 'UNPAID' ? 'NEW' : charge.status,
      paymentMethod: charge.paymentMethod,
      paymentRefrenceNumber: charge.paymentRefrenceNumber,
      orderExpiryDate: charge.expiresAt,
    };
    return { ...unsigned, messageSignature: notificationSignature(unsigned, key) };
  }

  async function notify(charge: Charge): Promise<number> {
    const body = notification(charge);
    if (losing) return 200;
    const res = await fetch(charge.webhook, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    notified.push({ notification: body, status: res.status });
    return res.status;
  }

  const newReference = () => String(randomInt(100_000_000, 999_999_999));

  function charge(res: ServerResponse, request: ChargeRequest) {
    if (request.merchantCode !== options.merchantCode)
      return json(res, 200, { statusCode: 9901, statusDescription: 'merchant code is blank or invalid' });
    if (request.signature !== chargeSignature(request, key)) return json(res, 200, wrongSignature);
    if (request.paymentMethod !== 'PAYATFAWRY' || !(request.amount > 0) || !request.orderWebHookUrl)
      return json(res, 200, { statusCode: 9999, statusDescription: 'Invalid charge request' });
    if (charges.has(request.merchantRefNum))
      return json(res, 200, { statusCode: 9935, statusDescription: 'Duplicate merchant reference number' });
    const made: Charge = {
      merchantRefNum: request.merchantRefNum,
      fawryRefNumber: newReference(),
      paymentMethod: 'PAYATFAWRY',
      amount: request.amount,
      webhook: request.orderWebHookUrl,
      returnUrl: null,
      expiresAt: request.paymentExpiry,
      status: 'UNPAID',
      refunded: 0,
      paymentRefrenceNumber: null,
    };
    charges.set(made.merchantRefNum, made);
    json(res, 200, {
      type: 'ChargeResponse',
      referenceNumber: made.fawryRefNumber,
      merchantRefNumber: made.merchantRefNum,
      expirationTime: made.expiresAt,
      statusCode: 200,
      statusDescription: 'Operation done successfully',
    });
  }

  function checkoutLink(res: ServerResponse, request: CheckoutInitRequest, self: string) {
    if (request.merchantCode !== options.merchantCode || request.signature !== checkoutSignature(request, key))
      return json(res, 200, wrongSignature);
    const amount = request.chargeItems.reduce((sum, item) => sum + item.price * item.quantity, 0);
    const made: Charge = {
      merchantRefNum: request.merchantRefNum,
      fawryRefNumber: newReference(),
      paymentMethod: 'CARD',
      amount,
      webhook: request.orderWebHookUrl,
      returnUrl: request.returnUrl,
      expiresAt: Date.now() + 60 * 60_000,
      status: 'UNPAID',
      refunded: 0,
      paymentRefrenceNumber: null,
    };
    charges.set(made.merchantRefNum, made);
    // As Fawry does: the link itself, as a JSON string.
    json(res, 200, `${self}/atfawry/plugin/card?ref=${made.merchantRefNum}`);
  }

  function status(res: ServerResponse, query: URLSearchParams) {
    const ref = query.get('merchantRefNumber') ?? '';
    if (query.get('signature') !== statusSignature(query.get('merchantCode') ?? '', ref, key))
      return json(res, 200, { type: 'PaymentStatusResponse', ...wrongSignature });
    const found = charges.get(ref);
    if (!found) return json(res, 200, { statusCode: 9938, statusDescription: 'payment not found' });
    json(res, 200, { ...notification(found), statusCode: 200, statusDescription: 'Operation done successfully' });
  }

  function refund(res: ServerResponse, request: RefundRequest) {
    if (request.signature !== refundSignature(request, key)) return json(res, 200, wrongSignature);
    const found = [...charges.values()].find((c) => c.fawryRefNumber === request.referenceNumber);
    if (!found || (found.status !== 'PAID' && found.status !== 'PARTIAL_REFUNDED'))
      return json(res, 200, { statusCode: 9938, statusDescription: 'payment not found' });
    if (!(request.refundAmount > 0) || found.refunded + request.refundAmount > found.amount + 1e-9)
      return json(res, 200, { statusCode: 9954, statusDescription: 'Refund amount is more than the paid amount' });
    found.refunded += request.refundAmount;
    found.status = found.refunded + 1e-9 >= found.amount ? 'REFUNDED' : 'PARTIAL_REFUNDED';
    if (refundsFailHalfWay) json(res, 500, { statusCode: 500, statusDescription: 'Internal error' });
    else
      json(res, 200, { type: 'ResponseDataModel', statusCode: 200, statusDescription: 'Operation done successfully' });
    // As at Fawry, the notification follows the answer.
    setImmediate(() => void notify(found).catch(() => undefined));
  }

  /** Someone pays the reference at an outlet: Fawry then notifies the merchant. 404 when there is none to pay. */
  async function payReference(reference: string): Promise<number> {
    const found = [...charges.values()].find((c) => c.fawryRefNumber === reference);
    if (!found || found.status !== 'UNPAID') return 404;
    found.status = 'PAID';
    found.paymentRefrenceNumber = String(randomInt(10_000, 99_999));
    return notify(found);
  }

  /** The reference runs out unpaid: Fawry notifies EXPIRED. */
  async function expireReference(reference: string): Promise<number> {
    const found = [...charges.values()].find((c) => c.fawryRefNumber === reference);
    if (!found || found.status !== 'UNPAID') return 404;
    found.status = 'EXPIRED';
    return notify(found);
  }

  function cardPage(charge: Charge, error = ''): string {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>FawryPay checkout (simulator)</title></head><body style="font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto">
<h1>FawryPay</h1><p>Simulator. Amount: ${twoDecimals(charge.amount)} EGP</p>${error ? `<p role="alert">${html(error)}</p>` : ''}
<form method="post" action="/atfawry/plugin/card"><input type="hidden" name="ref" value="${html(charge.merchantRefNum)}">
<label>Card number <input name="card" inputmode="numeric" required></label> <button>Pay</button></form></body></html>`;
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const self = `http://${req.headers.host ?? '127.0.0.1'}`;
    const body = req.method === 'POST' ? await readBody(req) : '';
    const parse = () => {
      try {
        const parsed: unknown = JSON.parse(body);
        received.push({ path: url.pathname, body: parsed });
        return parsed;
      } catch {
        return null;
      }
    };
    if (req.method === 'POST' && url.pathname === CHARGE_PATH) {
      const request = parse();
      return request ? charge(res, request as ChargeRequest) : json(res, 400, { statusCode: 9999 });
    }
    if (req.method === 'POST' && url.pathname === CHECKOUT_INIT_PATH) {
      const request = parse();
      return request ? checkoutLink(res, request as CheckoutInitRequest, self) : json(res, 400, { statusCode: 9999 });
    }
    if (req.method === 'POST' && url.pathname === REFUND_PATH) {
      const request = parse();
      return request ? refund(res, request as RefundRequest) : json(res, 400, { statusCode: 9999 });
    }
    if (req.method === 'GET' && url.pathname === STATUS_PATH) {
      received.push({ path: url.pathname, body: Object.fromEntries(url.searchParams) });
      return status(res, url.searchParams);
    }
    if (url.pathname === '/atfawry/plugin/card') {
      const form = new URLSearchParams(body);
      const found = charges.get((req.method === 'POST' ? form.get('ref') : url.searchParams.get('ref')) ?? '');
      if (!found) return json(res, 404, { statusCode: 9938 });
      if (req.method === 'GET')
        return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(cardPage(found));
      const paid = (form.get('card') ?? '').replace(/\D/g, '') === FAWRY_TEST_CARD;
      if (found.status === 'UNPAID') {
        found.status = paid ? 'PAID' : 'FAILED';
        await notify(found);
      }
      return res.writeHead(303, { location: found.returnUrl ?? '/' }).end();
    }
    const action = url.pathname.match(/^\/simulator\/reference\/(\d+)\/(pay|expire)$/);
    if (req.method === 'POST' && action?.[1])
      return json(res, await (action[2] === 'pay' ? payReference : expireReference)(action[1]), {});
    json(res, 404, { statusCode: 404, statusDescription: 'Not found' });
  }

  const server = await serveLocally(options.port, route, (err) => ({
    statusCode: 500,
    statusDescription: String(err),
  }));
  return {
    url: server.url,
    /** Requests the shop made to Fawry's API, oldest first. */
    received,
    /** Notifications posted to the shop and its answers, oldest first. */
    notified,
    payReference,
    expireReference,
    loseNotifications(on: boolean) {
      losing = on;
    },
    failRefundsHalfWay(on: boolean) {
      refundsFailHalfWay = on;
    },
    /** The signed notification of a charge as it stands, for tests to replay or tamper with. */
    notificationOf: (merchantRefNum: string) => {
      const found = charges.get(merchantRefNum);
      return found ? notification(found) : null;
    },
    close: server.close,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = process.env;
  const simulator = await startFawrySimulator({
    port: Number(env.FAWRY_SIMULATOR_PORT ?? 8091),
    merchantCode: env.FAWRY_MERCHANT_CODE ?? 'sim_merchant',
    securityKey: env.FAWRY_SECURITY_KEY ?? 'sim_security_key',
  });
  console.log(`Fawry simulator on ${simulator.url} (FAWRY_API_URL=${simulator.url})`);
  const stop = () => void simulator.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
