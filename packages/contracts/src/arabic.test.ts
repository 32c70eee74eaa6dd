import { describe, expect, it } from 'vitest';
import { ARABIC_FOLD_FROM, ARABIC_FOLD_TO, normalizeArabic } from './index.js';

describe('normalizeArabic', () => {
  it('pairs every folded character with its replacement', () => {
    expect([...ARABIC_FOLD_FROM]).toHaveLength([...ARABIC_FOLD_TO].length);
  });

  it.each([
    ['أيفون', 'ايفون'],
    ['إيفون', 'ايفون'],
    ['آيفون', 'ايفون'],
    ['ٱلقاهرة', 'القاهره'],
    ['شاشة', 'شاشه'],
    ['مكواة', 'مكواه'],
    ['مكوى', 'مكوي'],
    ['مؤقت', 'موقت'],
    ['مائدة', 'مايده'],
    ['هَاتِفٌ', 'هاتف'],
    ['هـــاتف', 'هاتف'],
    ['قرآن', 'قران'],
    ['هٰذا', 'هذا'],
    ['ايفون ١٥ برو', 'ايفون 15 برو'],
    ['۱۲۳', '123'],
  ])('%s → %s', (input, folded) => {
    expect(normalizeArabic(input)).toBe(folded);
  });

  it('leaves Latin text, bare Arabic letters and punctuation alone', () => {
    for (const text of ['iPhone 15 Pro', 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي', "50% off - 'Café' ß", '']) {
      expect(normalizeArabic(text)).toBe(text);
    }
  });

  it('is idempotent', () => {
    const text = 'إِيفُـــون ١٥ مكواة ومائدة';
    expect(normalizeArabic(normalizeArabic(text))).toBe(normalizeArabic(text));
  });
});
