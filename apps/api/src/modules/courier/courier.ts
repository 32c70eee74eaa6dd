import type { Deps } from '../deps.js';
import { bostaCourier } from './bosta/adapter.js';

/** What a courier is told about a parcel, whatever the courier. Amounts are piastres. */
export interface Shipment {
  /** The shop's order id: the courier's reference for the parcel, so asking twice makes one parcel. */
  orderId: string;
  receiver: { name: string; phone: string };
  /** Apartment, floor and landmark are '' when the shopper gave none. */
  address: {
    governorate: string;
    city: string;
    street: string;
    building: string;
    apartment: string;
    floor: string;
    landmark: string;
  };
  /** What the shopper asks of the courier (when to call, who receives it); '' when nothing. */
  instructions: string;
  /** The receiver may open the parcel and check it before accepting it (the shop's shipping rules). */
  openBeforeAccepting: boolean;
  /** What the courier collects at the door: the bill of a cash order, nothing for a paid one. */
  cod: number;
  /** Kilograms. */
  weight: number;
  items: { count: number; description: string };
}

/** A callback as received: the raw body (a courier may sign the bytes) and the headers. */
export interface CourierCallback {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/** What the shop learns from a courier's callback: the only thing the order side ever sees. */
export interface CourierEvent {
  /** The same for every delivery of one event, so a redelivery changes nothing. */
  eventId: string;
  trackingNumber: string;
  /**
   * Where the parcel is: delivered or returned, where it ended (the order moves); out for delivery, on its way to the
   * door today (its shopper is told); null for a step on the way the shop does not act on.
   */
  outcome: 'delivered' | 'returned' | 'out_for_delivery' | null;
  /** When the courier says it happened; null when its callback does not say. */
  at: Date | null;
}

/**
 * A courier: one folder per courier, listed once below. Each keeps its wire format to itself, turns
 * its callbacks into CourierEvents and creates deliveries.
 */
export interface Courier {
  /** Stored with the order (`orders.courier`): its callbacks find the order by it and the tracking number. */
  readonly name: string;
  /**
   * Creates the delivery of a parcel and answers its tracking number. Called outside any transaction;
   * throws a 502 HttpError (say.api.courierFailed) when the courier refuses or cannot be reached.
   */
  createDelivery(shipment: Shipment): Promise<{ trackingNumber: string }>;
  /** Authenticates a callback and reads it: throws a 401 HttpError when it is not the courier's, 400 when unreadable. */
  readCallback(callback: CourierCallback): CourierEvent;
}

/** What a courier is made from. */
export type CourierDeps = Pick<Deps, 'config' | 'log'>;

/** Every courier by its COURIER name. */
const COURIERS: Record<string, (deps: CourierDeps) => Courier> = { bosta: bostaCourier };

/** The courier orders ship with; null when none is configured (the admin types the tracking number). */
export function createCourier(deps: CourierDeps): Courier | null {
  const name = deps.config.COURIER?.trim();
  if (!name) return null;
  const create = Object.hasOwn(COURIERS, name) ? COURIERS[name] : undefined;
  if (!create) throw new Error(`Unknown COURIER "${name}": one of ${Object.keys(COURIERS).join(', ')}`);
  return create(deps);
}
