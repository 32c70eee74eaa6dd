import { describe, expect, it } from 'vitest';
import { couponInputSchema, orderCreateSchema, render, shippingQuoteQuerySchema } from './index.js';

/** Each field's first message, as an English and an Arabic reader see it. */
function errors(input: unknown) {
  const result = couponInputSchema.safeParse(input);
  const messages: Record<string, [string, string]> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0]);
    messages[field] ??= [render(issue.message, 'en'), render(issue.message, 'ar')];
  }
  return messages;
}

describe('a coupon as the admin writes it', () => {
  it('fills what is left out: no minimum, no dates, no limits, the whole order', () => {
    expect(couponInputSchema.parse({ code: ' SUMMER-10 ', kind: 'percent', value: 10 })).toEqual({
      code: 'SUMMER-10',
      kind: 'percent',
      value: 10,
      minOrder: null,
      maxDiscount: null,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      perUserLimit: null,
      freeShipping: false,
      departments: [],
      categories: [],
      products: [],
    });
  });

  it('names the field and the rule it breaks, in both languages', () => {
    expect(errors({ code: 'no spaces', kind: 'fixed', value: 5 }).code).toEqual([
      'A code is 3 to 32 letters, digits, - or _',
      'الكود من 3 إلى 32 حرفًا أو رقمًا أو - أو _',
    ]);
    expect(errors({ code: 'AB', kind: 'fixed', value: 5 }).code?.[0]).toBe('A code is 3 to 32 letters, digits, - or _');
    expect(errors({ code: 'HALF', kind: 'percent', value: 101 }).value?.[0]).toBe(
      'A percent is a whole number from 1 to 100',
    );
    expect(errors({ code: 'HALF', kind: 'percent', value: 0.5 }).value?.[0]).toBe(
      'A percent is a whole number from 1 to 100',
    );
    expect(errors({ code: 'NOTHING', kind: 'fixed', value: 0 }).value?.[0]).toBe('value must be greater than 0');
    expect(errors({ code: 'NEG', kind: 'fixed', value: -5 }).value?.[0]).toBe('value cannot be negative');
    expect(
      errors({
        code: 'BACKWARDS',
        kind: 'fixed',
        value: 5,
        startsAt: '2030-02-01T00:00:00+02:00',
        endsAt: '2030-01-01T00:00:00+02:00',
      }).endsAt,
    ).toEqual(['The end must come after the start', 'يجب أن تأتي النهاية بعد البداية']);
    expect(errors({ code: 'DATE', kind: 'fixed', value: 5, endsAt: 'next week' }).endsAt?.[0]).toBe('Not a valid date');
    expect(errors({ code: 'LIMIT', kind: 'fixed', value: 5, perUserLimit: 1.5 }).perUserLimit?.[0]).toBe(
      'perUserLimit must be a whole number',
    );
    expect(errors({ code: 'ONLY', kind: 'fixed', value: 5, products: ['not-an-id'] }).products?.[0]).toBe(
      'Not a valid id',
    );
  });

  it('takes a free-shipping coupon that takes nothing off the items', () => {
    expect(couponInputSchema.safeParse({ code: 'SHIPFREE', kind: 'fixed', value: 0, freeShipping: true }).success).toBe(
      true,
    );
  });
});

describe('a coupon as the shopper types it', () => {
  it('is trimmed, and an empty one is no coupon at all', () => {
    const parse = (coupon: unknown) => orderCreateSchema.shape.coupon.parse(coupon);
    expect(parse('  save10 ')).toBe('save10');
    expect(parse('   ')).toBeUndefined();
    expect(parse(undefined)).toBeUndefined();
    expect(orderCreateSchema.shape.coupon.safeParse('x'.repeat(65)).success).toBe(false);
    expect(shippingQuoteQuerySchema.parse({ state: 'Cairo', paymentMethod: 'cash', coupon: '' })).toEqual({
      state: 'Cairo',
      paymentMethod: 'cash',
    });
  });
});
