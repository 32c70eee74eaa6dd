import { describe, expect, it } from 'vitest';
import { localDescription, localName, summary } from './localized.js';

const phone = { name: 'Galaxy A55', nameAr: 'جالاكسي A55', description: 'A phone', descriptionAr: null };

describe('catalogue content in the page’s language', () => {
  it('shows the Arabic name on an Arabic page and the English one on an English page', () => {
    expect(localName(phone, 'ar')).toEqual({ text: 'جالاكسي A55', lang: undefined });
    expect(localName(phone, 'en')).toEqual({ text: 'Galaxy A55', lang: undefined });
  });

  it('falls back to the other language, marked with its lang for screen readers', () => {
    expect(localDescription(phone, 'ar')).toEqual({ text: 'A phone', lang: 'en' });
    expect(localName({ name: '', nameAr: 'ثلاجة' }, 'en')).toEqual({ text: 'ثلاجة', lang: 'ar' });
  });
});

describe('a description in a page’s head', () => {
  it('is one line, cut at a word with an ellipsis past 160 characters', () => {
    expect(summary('A phone.\n\n  Two days of battery. ')).toBe('A phone. Two days of battery.');
    const long = summary('word '.repeat(50));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toMatch(/word…$/);
  });
});
