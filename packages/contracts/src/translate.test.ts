import { describe, expect, it } from 'vitest';
import { API_MSG, languageOf, MSG, NOT_FOUND, productCreateSchema, RULE_MSG, translate } from './index.js';

describe('translate', () => {
  it('keeps English word for word', () => {
    expect(translate(MSG.invalidEmail, 'en')).toBe('Not valid email');
    expect(translate(MSG.mustBeNumber('price'), 'en')).toBe('price must be a `number` type');
  });
  it('answers fixed texts in Arabic', () => {
    expect(translate(MSG.required, 'ar')).toBe('هذا الحقل مطلوب');
    expect(translate(NOT_FOUND.Product, 'ar')).toBe('المنتج غير موجود');
  });
  it('answers parameterised texts in Arabic, field names staying Latin', () => {
    expect(translate(MSG.mustBeNumber('weigth'), 'ar')).toBe('يجب أن يكون weigth رقمًا');
    expect(translate(RULE_MSG.atMostCharacters(200), 'ar')).toBe('الحد الأقصى 200 حرفًا');
    expect(translate(MSG.noProductsFound('iphone 15'), 'ar')).toBe('لا توجد منتجات مطابقة لـ iphone 15');
    expect(translate(API_MSG.onlyFewInStock(3, 'Galaxy A55'), 'ar')).toBe('عذرًا، لم يتبق سوى 3 قطع من Galaxy A55');
    expect(translate(API_MSG.statusChange('shipped', 'cancelled'), 'ar')).toBe(
      'لا يمكن تحويل طلب حالته «تم شحنه» إلى «ملغي»',
    );
  });
  it('passes unknown messages through unchanged', () => {
    expect(translate('Something nobody wrote down', 'ar')).toBe('Something nobody wrote down');
  });
  it('translates what the shared rules answer', () => {
    const r = productCreateSchema.safeParse({ price: '-3' });
    const price = r.error?.issues.find((i) => i.path[0] === 'price')?.message ?? '';
    expect(translate(price, 'ar')).toBe('يجب أن يكون price أكبر من 0');
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
