import { describe, expect, it } from 'vitest';
import { intlLocale } from '../i18n';
import { formatDate, formatDateTime, formatPrice } from './format';

describe('prices and dates in the shopper’s language', () => {
  it('prints EGP in English, as the spec does', () => {
    expect(formatPrice(19499, intlLocale('en'))).toMatch(/^EGP\s19,499$/);
    expect(formatPrice(42.5, intlLocale('en'))).toMatch(/^EGP\s42\.50$/);
  });

  it('prints ج.م. in Arabic, with the Latin digits Egyptian shops use', () => {
    const price = formatPrice(19499, intlLocale('ar'));
    expect(price).toContain('ج.م.');
    expect(price).toContain('19,499');
    expect(formatPrice(42.5, intlLocale('ar'))).toContain('42.50');
  });

  it('writes dates the way each language does', () => {
    expect(formatDate('2026-03-05T10:00:00Z', intlLocale('en'))).toMatch(/Mar/);
    // Arabic (Egypt) writes the medium date as day/month/year, right to left.
    expect(formatDate('2026-03-05T10:00:00Z', intlLocale('ar'))).toMatch(/^05\u200f?\/03\u200f?\/2026$/);
  });

  it('adds the time of day when it matters', () => {
    expect(formatDateTime('2026-03-05T10:00:00Z', intlLocale('en'))).toMatch(/Mar.*2026.*\d{1,2}:00/);
    expect(formatDateTime('2026-03-05T10:00:00Z', intlLocale('ar'))).toMatch(/2026.*\d{1,2}:00/);
    expect(formatDateTime('not a date')).toBe('');
  });
});
