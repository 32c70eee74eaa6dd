import { z } from 'zod';

/**
 * Bosta's wire format (docs.bosta.co, API v2): the delivery request and answer, and the state
 * callback. Nothing outside the bosta folder reads these shapes.
 */

export const DELIVERIES_PATH = '/api/v2/deliveries';

/** Delivery types: 10 sends a parcel to the customer (collecting `cod` at the door when it is not 0). */
export const SEND = 10;

/** The states the shop acts on; every other (picked up, out for delivery, exception, …) is a step on the way. */
export const STATE = { created: 10, outForDelivery: 41, delivered: 45, returnedToBusiness: 46 } as const;

export interface DeliveryRequest {
  type: typeof SEND;
  specs: {
    packageType: 'Parcel';
    size: 'SMALL' | 'MEDIUM' | 'LARGE';
    packageDetails: { itemsCount: number; description: string };
    /** Kilograms. */
    weight: number;
  };
  /** EGP to collect from the receiver; 0 for a paid order. */
  cod: number;
  /** `secondLine` is, in Bosta's words, a nearby landmark. The optional fields are left out when empty. */
  dropOffAddress: {
    city: string;
    zone: string;
    firstLine: string;
    buildingNumber: string;
    secondLine?: string;
    floor?: string;
    apartment?: string;
  };
  /** What the courier reads before calling: the shopper's instructions. */
  notes?: string;
  /** The receiver may open the parcel before accepting it (Bosta charges for it). */
  allowToOpenPackage: boolean;
  receiver: { firstName: string; lastName: string; phone: string };
  /** The shop's order id. */
  businessReference: string;
  /** Where Bosta posts the parcel's state changes, and the headers it sends with them. */
  webhookUrl: string;
  webhookCustomHeaders: { Authorization: string };
}

const trackingNumber = z.union([z.string().min(1).max(100), z.number().int().nonnegative()]).transform(String);

export const deliveryAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({ _id: z.string().min(1), trackingNumber }),
});

/** The body of a state callback: the fields the shop reads (Bosta sends more: type, cod, isConfirmedDelivery, …). */
export const callbackSchema = z.object({
  _id: z.string().min(1).max(100),
  trackingNumber,
  state: z.coerce.number().int(),
  businessReference: z.string().max(100).nullish(),
  timeStamp: z.union([z.number(), z.string()]).nullish(),
});
export type Callback = z.input<typeof callbackSchema>;
