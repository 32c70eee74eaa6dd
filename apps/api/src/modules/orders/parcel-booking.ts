import type { OrderRow } from './queries.js';

/** Longer than a courier's own timeout: a booking mark older than this was left by a process that died. */
const BOOKING_STALE_MS = 60_000;

/**
 * Whether the courier is being asked for this order's parcel now: shipping marks the order with the courier's name
 * before asking (service.ts shipWith), and a mark that is not yet stale means the courier may be reading the order's
 * address this moment.
 */
export const parcelBeingBooked = (order: Pick<OrderRow, 'courier' | 'updatedAt'>, now: Date): boolean =>
  order.courier !== null && now.getTime() - order.updatedAt.getTime() < BOOKING_STALE_MS;
