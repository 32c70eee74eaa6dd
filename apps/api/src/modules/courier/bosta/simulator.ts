import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { json, readBody } from '../../../lib/simulator-server.js';
import { DELIVERIES_PATH, STATE, type Callback, type DeliveryRequest } from './wire.js';

/**
 * A local stand-in for Bosta, for development and tests without the internet: it takes deliveries
 * on the route the shop calls (checking the API key, one parcel per businessReference as a retry
 * expects), answers their tracking numbers, and on request moves a parcel along, posting each state
 * to the delivery's webhookUrl with its webhookCustomHeaders, as Bosta does.
 *
 *   npm run bosta-simulator -w apps/api     (BOSTA_SIMULATOR_PORT, default 8091)
 *   curl -X POST http://127.0.0.1:8091/simulator/deliveries/<tracking number>/deliver   (or /return, /out)
 */

export interface BostaSimulatorOptions {
  port?: number;
  apiKey: string;
}

export interface Delivery {
  id: string;
  trackingNumber: string;
  request: DeliveryRequest;
  state: number;
}

/** A callback posted to the shop, with the status it answered. */
export interface Notified {
  body: Callback;
  status: number;
}

/** A request to the deliveries route, for tests to check what the shop sent. */
export interface Received {
  authorization: string | undefined;
  body: unknown;
}

const text = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** What Bosta checks before it takes a delivery (a subset: enough to catch a shop sending nonsense). */
function invalid(request: Partial<DeliveryRequest>): string | null {
  if (request.type !== 10) return 'type must be 10 (SEND)';
  if (typeof request.cod !== 'number' || request.cod < 0) return 'cod must be a number, 0 or more';
  const { receiver, dropOffAddress: to } = request;
  if (!text(receiver?.firstName) || !/^01\d{9}$/.test(receiver?.phone ?? '')) return 'receiver is invalid';
  if (!text(to?.city) || !text(to?.firstLine)) return 'dropOffAddress is invalid';
  if (!text(request.businessReference)) return 'businessReference is required';
  return null;
}

export async function startBostaSimulator(options: BostaSimulatorOptions) {
  const deliveries = new Map<string, Delivery>();
  const byReference = new Map<string, Delivery>();
  const received: Received[] = [];
  const notified: Notified[] = [];
  /** How the next delivery requests fail, oldest first (a test's doing): refused (400), error (500), or hung up. */
  const failures: ('refused' | 'error' | 'hangup')[] = [];
  let delayMs = 0;

  function trackingNumber(): string {
    for (;;) {
      const candidate = String(randomInt(10_000_000, 99_999_999));
      if (!deliveries.has(candidate)) return candidate;
    }
  }

  /** Moves a parcel to `state` and posts the callback; answers the shop's status, 404 for an unknown parcel. */
  async function advance(tracking: string, state: number): Promise<number> {
    const delivery = deliveries.get(tracking);
    if (!delivery) return 404;
    delivery.state = state;
    const body: Callback = {
      _id: delivery.id,
      trackingNumber: delivery.trackingNumber,
      state,
      businessReference: delivery.request.businessReference,
      timeStamp: Date.now(),
    };
    const res = await fetch(delivery.request.webhookUrl, {
      method: 'POST',
      headers: { ...delivery.request.webhookCustomHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, type: 'SEND', cod: state === STATE.delivered ? delivery.request.cod : 0 }),
    });
    notified.push({ body, status: res.status });
    return res.status;
  }

  async function createDelivery(req: IncomingMessage, res: ServerResponse, raw: string) {
    let request: Partial<DeliveryRequest>;
    try {
      request = JSON.parse(raw) as Partial<DeliveryRequest>;
    } catch {
      return json(res, 400, { success: false, message: 'Invalid JSON' });
    }
    received.push({ authorization: req.headers.authorization, body: request });
    if (req.headers.authorization !== options.apiKey)
      return json(res, 401, { success: false, message: 'Invalid API key' });
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const failure = failures.shift();
    if (failure === 'hangup') return req.socket.destroy();
    if (failure === 'error') return json(res, 500, { success: false, message: 'Internal server error' });
    if (failure === 'refused') return json(res, 400, { success: false, message: 'Zone is not covered' });
    const problem = invalid(request);
    if (problem) return json(res, 400, { success: false, message: problem });
    const valid = request as DeliveryRequest;
    let delivery = byReference.get(valid.businessReference);
    if (!delivery) {
      delivery = { id: randomBytes(12).toString('hex'), trackingNumber: trackingNumber(), request: valid, state: 10 };
      deliveries.set(delivery.trackingNumber, delivery);
      byReference.set(valid.businessReference, delivery);
    }
    json(res, 201, {
      success: true,
      message: 'Delivery Created Successfully',
      data: {
        _id: delivery.id,
        trackingNumber: delivery.trackingNumber,
        message: 'Delivery Created Successfully',
        state: { code: STATE.created, value: 'Created' },
      },
    });
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const body = req.method === 'POST' ? await readBody(req) : '';
    if (req.method === 'POST' && url.pathname === DELIVERIES_PATH) return createDelivery(req, res, body);
    if (req.method === 'GET' && url.pathname === '/simulator/deliveries')
      return json(res, 200, [...deliveries.values()]);
    const step = url.pathname.match(/^\/simulator\/deliveries\/(\d+)\/(deliver|return|out)$/);
    if (req.method === 'POST' && step?.[1]) {
      const state = { deliver: STATE.delivered, return: STATE.returnedToBusiness, out: STATE.outForDelivery }[
        step[2] as 'deliver' | 'return' | 'out'
      ];
      return json(res, 200, { shopAnswered: await advance(step[1], state) });
    }
    json(res, 404, { success: false, message: 'Not found' });
  }

  const server = createServer((req, res) => {
    route(req, res).catch((err: unknown) => json(res, 500, { success: false, message: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Parcels by tracking number. */
    deliveries,
    /** Requests to the deliveries route, oldest first. */
    received,
    /** Callbacks posted to the shop and its answers, oldest first. */
    notified,
    /** Posts any state of a parcel (41: out for delivery, 47: exception, …); answers the shop's status. */
    advance,
    deliver: (tracking: string) => advance(tracking, STATE.delivered),
    returnToBusiness: (tracking: string) => advance(tracking, STATE.returnedToBusiness),
    /** The next `count` delivery requests are refused (400), fail (500) or are cut off without an answer. */
    failDeliveries(how: 'refused' | 'error' | 'hangup', count = 1) {
      for (let i = 0; i < count; i++) failures.push(how);
    },
    /** Bosta answering deliveries slowly: each waits `ms` first. */
    slowDeliveries(ms: number) {
      delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const simulator = await startBostaSimulator({
    port: Number(process.env.BOSTA_SIMULATOR_PORT ?? 8091),
    apiKey: process.env.BOSTA_API_KEY ?? 'sim_bosta_api_key',
  });
  console.log(`Bosta simulator on ${simulator.url} (BOSTA_API_URL=${simulator.url})`);
  const stop = () => void simulator.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
