import { describe, expect, it } from 'vitest';
import { API_MSG, isSaid, languageOf, MSG, NOT_FOUND, productCreateSchema, render, RULE_MSG, say } from './index.js';

describe('messages by key', () => {
  it('render in English word for word', () => {
    expect(render(say.msg.invalidEmail, 'en')).toBe(MSG.invalidEmail);
    expect(render(say.msg.mustBeNumber('price'), 'en')).toBe('price must be a `number` type');
    expect(render(say.api.statusChange('shipped', 'cancelled'), 'en')).toBe(
      API_MSG.statusChange('shipped', 'cancelled'),
    );
  });
  it('render fixed texts in Arabic', () => {
    expect(render(say.msg.required, 'ar')).toBe('هذا الحقل مطلوب');
    expect(render(say.notFound.Product, 'ar')).toBe('المنتج غير موجود');
  });
  it('render their arguments into the Arabic, field names staying Latin', () => {
    expect(render(say.msg.mustBeNumber('weigth'), 'ar')).toBe('يجب أن يكون weigth رقمًا');
    expect(render(say.rule.atMostCharacters(200), 'ar')).toBe('الحد الأقصى 200 حرفًا');
    expect(render(say.msg.noProductsFound('iphone 15'), 'ar')).toBe('لا توجد منتجات مطابقة لـ iphone 15');
    expect(render(say.api.onlyFewInStock(3, 'Galaxy A55'), 'ar')).toBe('عذرًا، لم يتبق سوى 3 قطع من Galaxy A55');
    expect(render(say.api.statusChange('shipped', 'cancelled'), 'ar')).toBe(
      'لا يمكن تحويل طلب حالته «تم شحنه» إلى «ملغي»',
    );
  });
  it('list names as each language does: the Arabic with its own comma', () => {
    const refused = say.api.noCashOnDelivery(['Big TV', 'Radio']);
    expect(render(refused, 'en')).toBe('Cash on delivery is not available for Big TV, Radio. Please pay by card.');
    expect(render(refused, 'ar')).toBe('الدفع عند الاستلام غير متاح لـ Big TV، Radio. يرجى الدفع بالبطاقة.');
  });
  it('pass any other text through unchanged, English included: nothing is recognised from its words', () => {
    expect(render('Something nobody wrote down', 'ar')).toBe('Something nobody wrote down');
    expect(render(NOT_FOUND.Product, 'ar')).toBe(NOT_FOUND.Product);
    expect(isSaid(RULE_MSG.invalidId)).toBe(false);
    expect(isSaid(say.rule.invalidId)).toBe(true);
  });
  it('are what the shared rules report, rendered where they are shown', () => {
    const r = productCreateSchema.safeParse({ price: '-3' });
    const price = r.error?.issues.find((i) => i.path[0] === 'price')?.message ?? '';
    expect(render(price, 'en')).toBe('price must be greater than 0');
    expect(render(price, 'ar')).toBe('يجب أن يكون price أكبر من 0');
  });
});

describe('languageOf', () => {
  it.each([
    ['ar', 'ar'],
    ['ar-EG', 'ar'],
    ['AR_eg', 'ar'],
    ['en-GB', 'en'],
    ['arn', 'en'],
    [undefined, 'en'],
  ] as const)('%s → %s', (tag, language) => expect(languageOf(tag)).toBe(language));
});
