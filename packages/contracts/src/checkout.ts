import { z } from 'zod';
import { MSG } from './messages.js';
import { idSchema, requiredText } from './fields.js';
import { PHONE_PATTERN } from './user.js';
import type { OrderStatus, PaymentMethod } from './constants.js';

/** Shipping form (spec 5): every field required. */
export const addressSchema = z.object({
  street: requiredText(MSG.required, 200),
  building: requiredText(MSG.required, 100),
  city: requiredText(MSG.required, 100),
  state: requiredText(MSG.required, 100),
  phone: z.string({ error: MSG.required }).trim().min(1, MSG.required).regex(PHONE_PATTERN, MSG.invalidPhone),
  zipCode: requiredText(MSG.required, 20),
  country: requiredText(MSG.required, 100),
});
export type AddressInput = z.input<typeof addressSchema>;
export const addressCreateSchema = z.object({ address: addressSchema });

export const cartIncSchema = z.object({ product_id: idSchema, flag: z.union([z.literal(0), z.literal(1)]) });
export const cartRemoveSchema = z.object({ product_id: idSchema });

export const orderCreateSchema = z.object({
  deliveryAddress: addressSchema,
  // Spec 3: 'visa' means card; any other value is cash on delivery.
  paymentMethod: z.string().max(20).transform((v): PaymentMethod => (v === 'visa' ? 'visa' : 'cash')),
});
export type OrderCreateInput = z.input<typeof orderCreateSchema>;

export const paymentIntentSchema = z.object({ order_id: idSchema });

export interface Address extends AddressInput {
  _id: string;
  createdAt: string;
  fullAddress: string;
}

export interface CartLine {
  product_id: { _id: string; name: string; nameAr: string | null; brand: string; price: number; image_path: string[]; stock: number; cod: boolean };
  quantity: number;
}
export interface Cart {
  products: CartLine[];
  bill: number;
}

export interface OrderLine {
  product_id: string | null;
  productBrief: { product_id: string | null; name: string; nameAr: string | null; price: number; image_path: string[] };
  quantity: number;
}
export interface Order {
  _id: string;
  createdAt: string;
  bill: number;
  itemsTotal: number;
  shipping: number;
  codFee: number;
  status: OrderStatus;
  statusHistory: { status: OrderStatus; at: string }[];
  deliveryAddress: AddressInput;
  paymentMethod: PaymentMethod;
  products: OrderLine[];
}
/** The body of a 409 on order placement: what the OrderError screen lists. */
export interface OutOfStockItem {
  _id: string;
  name: string;
  nameAr: string | null;
  image_path: string[];
  stock: number;
}
