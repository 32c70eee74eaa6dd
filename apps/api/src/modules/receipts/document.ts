import type { EtaItemType, EtaReceiptKind, EtaSettings } from '@shop/contracts';
import { share } from '../../lib/money.js';
import { receiptUuid } from './serialize.js';

/**
 * An e-receipt as the ETA's receipt structure (v1.2) lays it out, built from an order. Amounts are counted in
 * hundred-thousandths of a pound (the ETA takes five decimals) so that sums are exact, and written as numbers.
 *
 * Prices in the shop include VAT, and the invoice shows them so; a receipt states each line before tax: its unit
 * price and sale net of the 14 % VAT (type T1, subtype V009, general sales), the tax on top, and a line total equal
 * to what the shopper paid for the line. A coupon's discount is a commercial discount of the lines it was taken
 * from, each line's part as the order stored it (only the lines the coupon covers, coupons/rules.ts), so the
 * receipt's total is the order's bill to the piastre.
 */

export const RECEIPT_TYPE_VERSION = '1.2';
export const VAT_RATE = 14;
const VAT_SUBTYPE = 'V009';
/** Hundred-thousandths of a pound in a piastre. */
const UNITS_PER_PIASTRE = 1000;

export type ReceiptKind = EtaReceiptKind;
/** The receipt type codes: S a sale (a kept deposit is one: the shop sold the trip), R a return. */
export const RECEIPT_TYPE: Record<ReceiptKind, string> = { sale: 'S', return: 'R', deposit: 'S' };
/** The ETA's payment method code V, card ("visa"): the shop's for every online payment (eta-receipts.md). */
export const ONLINE_PAYMENT_CODE = 'V';
/** The ETA's payment method codes of the shop's: C cash on delivery, else online. */
export const PAYMENT_CODE: Record<string, string> = { cash: 'C', visa: ONLINE_PAYMENT_CODE };

export interface ReceiptLine {
  /** The SKU: the variant's, else the product's id. */
  internalCode: string;
  description: string;
  itemType: EtaItemType;
  itemCode: string;
  quantity: number;
  /** Piastres, VAT included, as the order charged it. */
  unitPrice: number;
  /** Piastres of the order's coupon discount taken off the line (orders/placing.ts stores each line's part). */
  discount: number;
  /** A return's: piastres of what was paid for the line that the shop keeps (a partial refund). */
  kept?: number;
}

export interface ReceiptInput {
  kind: ReceiptKind;
  issuedAt: Date;
  receiptNumber: string;
  previousUuid: string;
  /** A return's sale receipt. */
  referenceUuid?: string | undefined;
  /** The invalid receipt this one corrects. */
  referenceOldUuid?: string | undefined;
  orderRef: string;
  seller: Omit<EtaSettings, 'deliveryMode'> & { deliveryMode?: string | null | undefined };
  deviceSerialNumber: string;
  /** `id`: the buyer's national ID, where the order needed one (buyer-id.ts). */
  buyer: {
    id?: string | null | undefined;
    name?: string | null | undefined;
    mobileNumber?: string | null | undefined;
  };
  lines: readonly ReceiptLine[];
  couponCode: string | null;
  /** Piastres of shipping and the cash-on-delivery fee together: a line of the delivery item. */
  delivery: number;
  /** A return's money given back, in piastres; the whole bill when unset (givenBack). */
  refunded?: number | undefined;
  /** The piastres each earlier return of the same sale gave back, in the order they were issued (givenBack). */
  returnedBefore?: readonly number[] | undefined;
  paymentMethod: string;
}

interface TaxableItem {
  taxType: string;
  amount: number;
  subType: string;
  rate: number;
}
export interface ItemData {
  internalCode: string;
  description: string;
  itemType: string;
  itemCode: string;
  unitType: string;
  quantity: number;
  unitPrice: number;
  netSale: number;
  totalSale: number;
  total: number;
  commercialDiscountData?: { amount: number; description: string }[];
  taxableItems: TaxableItem[];
}

export interface ReceiptDocument {
  header: {
    dateTimeIssued: string;
    receiptNumber: string;
    uuid: string;
    previousUUID: string;
    referenceUUID?: string;
    referenceOldUUID?: string;
    currency: string;
    sOrderNameCode: string;
    orderdeliveryMode?: string;
  };
  documentType: { receiptType: string; typeVersion: string };
  seller: {
    rin: string;
    companyTradeName: string;
    branchCode: string;
    branchAddress: EtaSettings['branchAddress'];
    deviceSerialNumber: string;
    activityCode: string;
  };
  /** In the SDK's order: type, id, name, mobileNumber (the serialization, and so the UUID, follows it). */
  buyer: { type: string; id?: string; name?: string; mobileNumber?: string };
  itemData: ItemData[];
  totalSales: number;
  totalCommercialDiscount: number;
  netAmount: number;
  totalAmount: number;
  taxTotals: { taxType: string; amount: number }[];
  paymentMethod: string;
}

/** Hundred-thousandths of a pound as the number the receipt writes. */
export const amount = (units: number) => Number((units / 100_000).toFixed(5));
/** The ETA's date and time: UTC, to the second. */
export const etaDateTime = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');
const netOf = (grossUnits: number) => Math.round((grossUnits * 100) / (100 + VAT_RATE));

/**
 * One line: its sale before tax, the coupon's part of it and what the shop keeps of it (a partial refund) as
 * commercial discounts, VAT, and what was paid (or given back) for it.
 */
function item(line: ReceiptLine, couponCode: string | null) {
  const { discount } = line;
  const gross = line.unitPrice * line.quantity * UNITS_PER_PIASTRE;
  const afterCoupon = gross - discount * UNITS_PER_PIASTRE;
  const paid = afterCoupon - (line.kept ?? 0) * UNITS_PER_PIASTRE;
  const unitPrice = netOf(line.unitPrice * UNITS_PER_PIASTRE);
  const totalSale = unitPrice * line.quantity;
  const netSale = paid === gross ? totalSale : netOf(paid);
  const couponPart = discount ? totalSale - netOf(afterCoupon) : 0;
  const keptPart = totalSale - netSale - couponPart;
  const commercial = totalSale - netSale;
  const tax = paid - netSale;
  const discounts = [
    ...(couponPart > 0 ? [{ amount: amount(couponPart), description: `Coupon ${couponCode ?? ''}`.trim() }] : []),
    ...(keptPart > 0 ? [{ amount: amount(keptPart), description: 'Not refunded' }] : []),
  ];
  const data: ItemData = {
    internalCode: line.internalCode,
    description: line.description,
    itemType: line.itemType,
    itemCode: line.itemCode,
    unitType: 'EA',
    quantity: line.quantity,
    unitPrice: amount(unitPrice),
    netSale: amount(netSale),
    totalSale: amount(totalSale),
    total: amount(paid),
    ...(discounts.length ? { commercialDiscountData: discounts } : {}),
    taxableItems: [{ taxType: 'T1', amount: amount(tax), subType: VAT_SUBTYPE, rate: VAT_RATE }],
  };
  return { data, totalSale, commercial, netSale, tax, paid };
}

/** Piastres paid for a line. */
const paidFor = (line: ReceiptLine) => line.unitPrice * line.quantity - line.discount;

/**
 * The piastres of each line `amount` gives back, out of what is `left` of each (delivery last when `delivery`). All
 * that is left: all of it. All but the delivery's: the items', not the delivery. Any other amount is shared over the
 * lines in proportion to what is left of each, as a coupon is shared (money.ts `share`), so no line gives back more
 * than is left of it.
 */
function backOf(amount: number, left: readonly number[], delivery: boolean): number[] {
  const total = left.reduce((s, l) => s + l, 0);
  if (amount >= total) return [...left];
  if (delivery && amount === total - (left.at(-1) ?? 0)) return [...left.slice(0, -1), 0];
  return share(amount, left);
}

/**
 * The lines a return gives back, out of the sale's (delivery last): what each line was paid, less what the earlier
 * returns of the sale gave back of it (worked out again, as they were: parts refunded at the provider each have their
 * return, payments/service.ts), is what is left of it to give back (backOf). What the shop keeps of a line is a
 * commercial discount of it, and a line nothing comes back of is left out.
 */
function givenBack(
  sold: ReceiptLine[],
  delivery: number,
  refunded: number | undefined,
  returnedBefore: readonly number[] = [],
): ReceiptLine[] {
  const paid = sold.map(paidFor);
  // No refund recorded (none is made without one): the whole bill, as a return gave back before refunds were kept.
  // The whole bill at once: the sale mirrored, a line paid nothing (a coupon's whole) too.
  if (!refunded || (!returnedBefore.length && refunded >= paid.reduce((s, p) => s + p, 0))) return sold;
  let left = paid;
  for (const earlier of returnedBefore) {
    const back = backOf(earlier, left, delivery > 0);
    left = left.map((l, i) => l - (back[i] ?? 0));
  }
  const back = backOf(refunded, left, delivery > 0);
  return sold.flatMap((line, i) => {
    const given = back[i] ?? 0;
    const kept = (paid[i] ?? 0) - given;
    return given > 0 ? [kept ? { ...line, kept } : line] : [];
  });
}

/** The receipt, its UUID computed and in place. */
export function buildReceipt(input: ReceiptInput): ReceiptDocument {
  const { seller } = input;
  const sold: ReceiptLine[] = [...input.lines];
  if (input.delivery > 0)
    sold.push({
      internalCode: 'DELIVERY',
      description: 'Delivery',
      itemType: 'EGS',
      itemCode: seller.deliveryItemCode,
      quantity: 1,
      unitPrice: input.delivery,
      discount: 0,
    });
  const lines = givenBack(sold, input.delivery, input.refunded, input.returnedBefore).map((line) =>
    item(line, input.couponCode),
  );
  const sum = (pick: (l: (typeof lines)[number]) => number) => lines.reduce((s, l) => s + pick(l), 0);
  const buyer: ReceiptDocument['buyer'] = { type: 'P' };
  if (input.buyer.id) buyer.id = input.buyer.id;
  if (input.buyer.name) buyer.name = input.buyer.name;
  if (input.buyer.mobileNumber) buyer.mobileNumber = input.buyer.mobileNumber;
  const receipt: ReceiptDocument = {
    header: {
      dateTimeIssued: etaDateTime(input.issuedAt),
      receiptNumber: input.receiptNumber,
      uuid: '',
      previousUUID: input.previousUuid,
      ...(input.referenceUuid ? { referenceUUID: input.referenceUuid } : {}),
      ...(input.referenceOldUuid ? { referenceOldUUID: input.referenceOldUuid } : {}),
      currency: 'EGP',
      sOrderNameCode: input.orderRef,
      ...(seller.deliveryMode ? { orderdeliveryMode: seller.deliveryMode } : {}),
    },
    documentType: { receiptType: RECEIPT_TYPE[input.kind], typeVersion: RECEIPT_TYPE_VERSION },
    seller: {
      rin: seller.rin,
      companyTradeName: seller.companyTradeName,
      branchCode: seller.branchCode,
      branchAddress: seller.branchAddress,
      deviceSerialNumber: input.deviceSerialNumber,
      activityCode: seller.activityCode,
    },
    buyer,
    itemData: lines.map((l) => l.data),
    totalSales: amount(sum((l) => l.totalSale)),
    totalCommercialDiscount: amount(sum((l) => l.commercial)),
    netAmount: amount(sum((l) => l.netSale)),
    totalAmount: amount(sum((l) => l.paid)),
    taxTotals: [{ taxType: 'T1', amount: amount(sum((l) => l.tax)) }],
    paymentMethod: input.paymentMethod,
  };
  receipt.header.uuid = receiptUuid(receipt);
  return receipt;
}
