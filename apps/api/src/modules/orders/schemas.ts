import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_METHODS, type Order, type OutOfStockItem } from '@shop/contracts';

/** The Order wire shape of contracts/checkout.ts, as a response schema (serialisation and OpenAPI). */
export const orderSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  bill: z.number(),
  itemsTotal: z.number(),
  shipping: z.number(),
  codFee: z.number(),
  status: z.enum(ORDER_STATUSES),
  statusHistory: z.array(z.object({ status: z.enum(ORDER_STATUSES), at: z.string() })),
  deliveryAddress: z.object({
    street: z.string(),
    building: z.string(),
    city: z.string(),
    state: z.string(),
    phone: z.string(),
    zipCode: z.string(),
    country: z.string(),
  }),
  paymentMethod: z.enum(PAYMENT_METHODS),
  products: z.array(
    z.object({
      product_id: z.string().nullable(),
      productBrief: z.object({ product_id: z.string().nullable(), name: z.string(), nameAr: z.string().nullable(), price: z.number(), image_path: z.array(z.string()) }),
      quantity: z.number().int(),
    }),
  ),
}) satisfies z.ZodType<Order>;

export const outOfStockSchema = z.array(z.object({ _id: z.string(), name: z.string(), nameAr: z.string().nullable(), image_path: z.array(z.string()), stock: z.number().int() })) satisfies z.ZodType<OutOfStockItem[]>;
