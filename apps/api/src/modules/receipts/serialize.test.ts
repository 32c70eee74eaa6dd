import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { share } from '../../lib/money.js';
import { buildReceipt, type ReceiptInput } from './document.js';
import { receiptUuid, serializeJsonText } from './serialize.js';

describe('the ETA document serialization', () => {
  it('follows the SDK: upper-case names, quoted values, the array name before the array and each element', () => {
    // The SDK's example of an array: "TAXABLEITEMS""TAXABLEITEMS"<item #1>"TAXABLEITEMS"<item #2>.
    const json = '{"taxableItems":[{"taxType":"T1","amount":1.5},{"taxType":"T2","amount":2}],"total":3.5}';
    expect(serializeJsonText(json)).toBe(
      '"TAXABLEITEMS""TAXABLEITEMS""TAXTYPE""T1""AMOUNT""1.5""TAXABLEITEMS""TAXTYPE""T2""AMOUNT""2""TOTAL""3.5"',
    );
  });

  it('takes values as the text writes them (0.0 stays 0.0) and ignores whitespace between tokens', () => {
    const compact = '{"a":0.0,"b":{"c":"x y"},"d":[],"e":true,"f":null}';
    const spaced = '{\n  "a" : 0.0 ,\n  "b" : { "c" : "x y" },\n  "d" : [ ],\n  "e" : true,\n  "f" : null\n}';
    expect(serializeJsonText(compact)).toBe('"A""0.0""B""C""x y""D""E""true""F"""');
    expect(serializeJsonText(spaced)).toBe(serializeJsonText(compact));
  });

  it('keeps Arabic as it is and decodes escapes, so an escaped and a plain text hash alike', () => {
    expect(serializeJsonText('{"description":"\\u0645\\u064a\\u0627\\u0647 \\"x\\""}')).toBe('"DESCRIPTION""مياه "x""');
    expect(serializeJsonText('{"description":"مياه"}')).toBe(
      serializeJsonText('{"description":"\\u0645\\u064a\\u0627\\u0647"}'),
    );
  });

  it('refuses text that is not JSON', () => {
    expect(() => serializeJsonText('{"a":1')).toThrow(/not JSON/);
    expect(() => serializeJsonText('{"a":1} x')).toThrow(/not JSON/);
  });
});

const input = (over: Partial<ReceiptInput> = {}): ReceiptInput => ({
  kind: 'sale',
  issuedAt: new Date('2026-11-29T10:00:00.123Z'),
  receiptNumber: '1',
  previousUuid: '',
  orderRef: 'AB12CD34',
  seller: {
    rin: '100200300',
    companyTradeName: 'EGP Shop',
    branchCode: '0',
    branchAddress: { country: 'EG', governate: 'Cairo', regionCity: 'Nasr City', street: 'Abbas', buildingNumber: '1' },
    activityCode: '4791',
    deliveryItemCode: 'EG-100200300-DELIVERY',
  },
  deviceSerialNumber: 'POS-1',
  buyer: { name: 'Mona Ali', mobileNumber: '01012345678' },
  lines: [
    {
      internalCode: 'SKU-1',
      description: 'Kettle',
      itemType: 'GS1',
      itemCode: '6221234567890',
      quantity: 2,
      unitPrice: 10_000,
      discount: 0,
    },
    {
      internalCode: 'SKU-2',
      description: 'Mug',
      itemType: 'EGS',
      itemCode: 'EG-100200300-MUG',
      quantity: 3,
      unitPrice: 3_333,
      discount: 0,
    },
  ],
  couponCode: null,
  delivery: 0,
  paymentMethod: 'V',
  ...over,
});

describe('a receipt UUID', () => {
  it('is the SHA-256 of the serialization with header.uuid empty, in 64 lower-case hex digits', () => {
    const receipt = buildReceipt(input());
    const blank = { ...receipt, header: { ...receipt.header, uuid: '' } };
    const serialized = serializeJsonText(JSON.stringify(blank));
    expect(
      serialized.startsWith('"HEADER""DATETIMEISSUED""2026-11-29T10:00:00Z""RECEIPTNUMBER""1""UUID""""PREVIOUSUUID"""'),
    ).toBe(true);
    expect(serialized).toContain('"ITEMDATA""ITEMDATA""INTERNALCODE""SKU-1"');
    expect(receipt.header.uuid).toBe(createHash('sha256').update(serialized, 'utf8').digest('hex'));
    expect(receipt.header.uuid).toMatch(/^[0-9a-f]{64}$/);
    // The UUID in place changes nothing: it is blanked before hashing.
    expect(receiptUuid(receipt)).toBe(receipt.header.uuid);
  });

  it('carries the buyer’s national ID as the SDK orders the buyer: type, id, name, mobile number', () => {
    const withId = buildReceipt(
      input({ buyer: { id: '29001010100015', name: 'Mona Ali', mobileNumber: '01012345678' } }),
    );
    expect(Object.keys(withId.buyer)).toEqual(['type', 'id', 'name', 'mobileNumber']);
    expect(serializeJsonText(JSON.stringify(withId))).toContain(
      '"BUYER""TYPE""P""ID""29001010100015""NAME""Mona Ali""MOBILENUMBER""01012345678""ITEMDATA"',
    );
    // The ID is hashed with the receipt; without one the buyer has no id at all.
    const without = buildReceipt(input());
    expect(without.buyer).toEqual({ type: 'P', name: 'Mona Ali', mobileNumber: '01012345678' });
    expect(withId.header.uuid).not.toBe(without.header.uuid);
    expect(receiptUuid(withId)).toBe(withId.header.uuid);
  });

  it('chains: the previous receipt’s UUID is hashed with it', () => {
    const first = buildReceipt(input());
    const second = buildReceipt(input({ receiptNumber: '2', previousUuid: first.header.uuid }));
    const forged = buildReceipt(input({ receiptNumber: '2', previousUuid: 'f'.repeat(64) }));
    expect(second.header.previousUUID).toBe(first.header.uuid);
    expect(second.header.uuid).not.toBe(forged.header.uuid);
  });
});

describe('a receipt’s amounts', () => {
  it('state prices net of 14% VAT, with line totals that add up to what was paid', () => {
    const receipt = buildReceipt(input({ delivery: 5_000 }));
    const [kettle, mug, delivery] = receipt.itemData;
    expect(kettle).toMatchObject({ unitPrice: 87.7193, totalSale: 175.4386, netSale: 175.4386, total: 200 });
    expect(kettle?.taxableItems).toEqual([{ taxType: 'T1', amount: 24.5614, subType: 'V009', rate: 14 }]);
    expect(mug?.total).toBe(99.99);
    expect(delivery).toMatchObject({ internalCode: 'DELIVERY', itemType: 'EGS', quantity: 1, total: 50 });
    expect(receipt.totalAmount).toBe(349.99);
    expect(receipt.documentType).toEqual({ receiptType: 'S', typeVersion: '1.2' });
  });

  it('give a coupon’s discount as the lines’ commercial discounts, the total still the bill', () => {
    const [kettle, mug] = input().lines;
    const lines = [
      { ...kettle!, discount: 2_000 },
      { ...mug!, discount: 999 },
    ];
    const receipt = buildReceipt(input({ lines, couponCode: 'SAVE10' }));
    const discounts = receipt.itemData.map((i) => i.commercialDiscountData?.[0]?.amount ?? 0);
    expect(discounts.every((d) => d > 0)).toBe(true);
    expect(receipt.totalCommercialDiscount).toBeCloseTo(discounts[0]! + discounts[1]!, 5);
    expect(receipt.totalAmount).toBe(299.99 - 29.99);
    expect(receipt.itemData[0]?.commercialDiscountData?.[0]?.description).toBe('Coupon SAVE10');
  });

  it('share piastres by weight to the last one', () => {
    expect(share(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(share(0, [5, 5])).toEqual([0, 0]);
    expect(share(7, [200, 100])).toEqual([5, 2]);
  });
});
