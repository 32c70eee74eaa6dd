import { z } from 'zod';

/**
 * The Egyptian Tax Authority's e-receipts (docs/guide/eta-receipts.md): the seller's details the dashboard keeps,
 * and the receipts as the dashboard lists them.
 */

const code = (pattern: RegExp, max: number) => z.string().trim().min(1).max(max).regex(pattern);
const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).optional();

/** The branch's address as the ETA's receipt structure names its parts. */
export const etaBranchAddressSchema = z.object({
  country: z.literal('EG').default('EG'),
  governate: text(100),
  regionCity: text(100),
  street: text(200),
  buildingNumber: text(100),
  postalCode: optionalText(30),
  floor: optionalText(100),
  room: optionalText(100),
  landmark: optionalText(500),
  additionalInformation: optionalText(500),
});
export type EtaBranchAddress = z.infer<typeof etaBranchAddressSchema>;

/** The seller on every receipt, as registered with the ETA. */
export const etaSettingsSchema = z.object({
  /** The taxpayer's registration number (RIN): 9 digits. */
  rin: code(/^\d{9}$/, 9),
  companyTradeName: text(200),
  /** "0" for the main branch, as the ETA numbers them. */
  branchCode: code(/^\d{1,20}$/, 20),
  branchAddress: etaBranchAddressSchema,
  /** The ETA's activity code of what the shop does (4 digits, e.g. 4791 retail sale via the internet). */
  activityCode: code(/^\d{4}$/, 4),
  /** The EGS code registered for delivery: shipping and the cash-on-delivery fee are a line of the receipt. */
  deliveryItemCode: text(100),
  /** The header's order delivery mode, a code of the ETA's table; unset, the header leaves it out. */
  deliveryMode: z.string().trim().max(10).optional(),
});
export type EtaSettings = z.infer<typeof etaSettingsSchema>;

/** What the dashboard's page reads: the saved seller, and whether the POS's credentials are set on the server. */
export const etaSettingsAnswerSchema = z.object({
  settings: etaSettingsSchema.nullable(),
  credentials: z.boolean(),
  posSerial: z.string().nullable(),
});
export type EtaSettingsAnswer = z.infer<typeof etaSettingsAnswerSchema>;

export const ETA_ITEM_TYPES = ['EGS', 'GS1'] as const;
export type EtaItemType = (typeof ETA_ITEM_TYPES)[number];

/** A product's code at the ETA: how its receipt lines name it. */
export const etaProductCodeSchema = z.object({
  itemType: z.enum(ETA_ITEM_TYPES),
  itemCode: z.string().trim().max(100),
});
export type EtaProductCode = z.infer<typeof etaProductCodeSchema>;

export const ETA_RECEIPT_STATES = ['queued', 'submitted', 'valid', 'invalid', 'replaced'] as const;
export type EtaReceiptState = (typeof ETA_RECEIPT_STATES)[number];

/**
 * What a receipt is for: an order's sale, the return of one, or a cash order's deposit (its delivery fees, paid
 * online first) the shop kept when the parcel was refused at the door.
 */
export const ETA_RECEIPT_KINDS = ['sale', 'return', 'deposit'] as const;
export type EtaReceiptKind = (typeof ETA_RECEIPT_KINDS)[number];

export const etaReceiptSchema = z.object({
  id: z.number().int(),
  orderId: z.string(),
  kind: z.enum(ETA_RECEIPT_KINDS),
  receiptNumber: z.string(),
  uuid: z.string(),
  state: z.enum(ETA_RECEIPT_STATES),
  errors: z.array(z.string()),
  issuedAt: z.string(),
  /** EGP. */
  total: z.number(),
  /** What the receipt's QR code holds: its page on the ETA's portal. */
  qrContent: z.string(),
});
export type EtaReceipt = z.infer<typeof etaReceiptSchema>;

export const etaReceiptsQuerySchema = z.object({
  state: z.enum(ETA_RECEIPT_STATES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type EtaReceiptsQuery = z.infer<typeof etaReceiptsQuerySchema>;

export const etaReceiptsPageSchema = z.object({
  receipts: z.array(etaReceiptSchema),
  page: z.number().int(),
  pages: z.number().int(),
});
export type EtaReceiptsPage = z.infer<typeof etaReceiptsPageSchema>;

export const etaReceiptIdParamsSchema = z.object({ id: z.coerce.number().int().min(1) });

/** The receipt an order's invoice shows: its QR code's content, and the image's address. */
export const orderEtaReceiptSchema = z.object({ uuid: z.string(), qrContent: z.string(), qrImage: z.string() });
export type OrderEtaReceipt = z.infer<typeof orderEtaReceiptSchema>;
