import { z } from 'zod';
import { dayInCairo, say } from '@shop/contracts';
import { badRequest, HttpError, unauthorized } from '../../../lib/errors.js';
import { toEgp } from '../../../lib/money.js';
import { sameSecret } from '../../../lib/same-secret.js';
import type { Courier, CourierDeps, CourierEvent } from '../courier.js';
import { callbackSchema, DELIVERIES_PATH, deliveryAnswerSchema, SEND, STATE, type DeliveryRequest } from './wire.js';

/** Its settings, read from the environment. */
export const bostaSettings = z.object({
  BOSTA_API_KEY: z.string().min(1, 'BOSTA_API_KEY is required for the Bosta courier'),
  BOSTA_WEBHOOK_SECRET: z
    .string()
    .min(16, 'BOSTA_WEBHOOK_SECRET is required for the Bosta courier (16 characters or more)'),
  BOSTA_API_URL: z.string().url().default('https://app.bosta.co'),
});

const REQUEST_TIMEOUT_MS = 10_000;

/** The path of the shop's callback route, which Bosta is given with every delivery. */
export const BOSTA_WEBHOOK_PATH = '/api/courier/bosta/webhook';

const OUTCOMES: Partial<Record<number, CourierEvent['outcome']>> = {
  [STATE.outForDelivery]: 'out_for_delivery',
  [STATE.delivered]: 'delivered',
  [STATE.returnedToBusiness]: 'returned',
};

/** The fields among `fields` that hold something: Bosta is sent no empty optional field. */
const given = <K extends string>(fields: Record<K, string>): Partial<Record<K, string>> =>
  Object.fromEntries(Object.entries<string>(fields).filter(([, value]) => value !== '')) as Partial<Record<K, string>>;

/** Bosta: parcels across Egypt's governorates, cash collected at the door. */
export function bostaCourier(deps: CourierDeps): Courier {
  const settings = bostaSettings.parse(deps.config.env);
  const api = settings.BOSTA_API_URL.replace(/\/+$/, '');
  const webhookUrl = `${deps.config.PUBLIC_URL.replace(/\/+$/, '')}${BOSTA_WEBHOOK_PATH}`;
  const refused = () => new HttpError(502, say.api.courierFailed);

  return {
    name: 'bosta',
    async createDelivery(shipment) {
      const [firstName = '', ...rest] = shipment.receiver.name.trim().split(/\s+/);
      const { address } = shipment;
      const request: DeliveryRequest = {
        type: SEND,
        specs: {
          packageType: 'Parcel',
          size: 'SMALL',
          packageDetails: { itemsCount: shipment.items.count, description: shipment.items.description },
          weight: shipment.weight,
        },
        cod: toEgp(shipment.cod),
        dropOffAddress: {
          city: address.governorate,
          zone: address.city,
          firstLine: address.street,
          buildingNumber: address.building,
          ...given({ secondLine: address.landmark, floor: address.floor, apartment: address.apartment }),
        },
        ...given({ notes: shipment.instructions }),
        allowToOpenPackage: shipment.openBeforeAccepting,
        receiver: { firstName, lastName: rest.join(' '), phone: shipment.receiver.phone },
        businessReference: shipment.orderId,
        webhookUrl,
        webhookCustomHeaders: { Authorization: settings.BOSTA_WEBHOOK_SECRET },
      };
      let res: Response;
      try {
        res = await fetch(`${api}${DELIVERIES_PATH}?apiVersion=1`, {
          method: 'POST',
          headers: { authorization: settings.BOSTA_API_KEY, 'content-type': 'application/json' },
          body: JSON.stringify(request),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (err) {
        deps.log.error({ err, order: shipment.orderId }, 'Bosta could not be reached');
        throw refused();
      }
      const answer: unknown = await res.json().catch(() => null);
      const parsed = deliveryAnswerSchema.safeParse(answer);
      if (!res.ok || !parsed.success) {
        deps.log.error({ status: res.status, answer, order: shipment.orderId }, 'Bosta refused a delivery');
        throw refused();
      }
      return { trackingNumber: parsed.data.data.trackingNumber };
    },
    readCallback(callback) {
      // Authenticated before the body is looked at.
      if (!sameSecret(settings.BOSTA_WEBHOOK_SECRET, callback.headers.authorization))
        throw unauthorized(say.api.invalidWebhookSecret);
      let body: unknown;
      try {
        body = JSON.parse(callback.rawBody.toString('utf8'));
      } catch {
        throw badRequest(say.api.expectedJson);
      }
      const parsed = callbackSchema.safeParse(body);
      if (!parsed.success) throw badRequest(say.api.malformedEvent('Bosta'));
      const { _id: id, trackingNumber, state, timeStamp } = parsed.data;
      const outcome = OUTCOMES[state] ?? null;
      const stamped = timeStamp == null ? null : new Date(timeStamp);
      const at = stamped && !Number.isNaN(stamped.getTime()) ? stamped : null;
      // One delivered and one returned per parcel: a redelivery of either, whatever its time stamp, is the same event.
      // A parcel goes out again the day after a failed attempt: each day it goes out is news of its own.
      const day = outcome === 'out_for_delivery' && at ? `:${dayInCairo(at)}` : '';
      return { eventId: `bosta:${id}:${state}${day}`, trackingNumber, outcome, at };
    },
  };
}
