import { afterEach, describe, expect, it } from 'vitest';
import { say } from '@shop/contracts';
import { i18n } from './index';
import { translateValidation } from './validation';

afterEach(() => i18n.changeLanguage('en'));

describe('translateValidation', () => {
  it('shows the spec texts word for word in English', () => {
    expect(translateValidation(say.msg.requiredField)).toBe('Required Field');
    expect(translateValidation(say.msg.mustBeNumber('price'))).toBe('price must be a `number` type');
  });

  it('shows every shared rule in Arabic when the shop speaks Arabic', () => {
    i18n.changeLanguage('ar');
    expect(translateValidation(say.msg.required)).toBe('هذا الحقل مطلوب');
    expect(translateValidation(say.msg.mustBeNumber('weigth'))).toBe('يجب أن يكون weigth رقمًا');
    expect(translateValidation(say.rule.atMostCharacters(200))).toBe('الحد الأقصى 200 حرفًا');
  });

  it('passes on what it does not know, and nothing for no error', () => {
    i18n.changeLanguage('ar');
    expect(translateValidation('Some server text')).toBe('Some server text');
    expect(translateValidation(undefined)).toBeUndefined();
  });
});
