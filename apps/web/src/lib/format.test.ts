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

  it('writes a day as Intl.DateTimeFormat writes it, in both languages', () => {
    const formatters = [intlLocale('en'), intlLocale('ar')].map(
      (locale) => [locale, new Intl.DateTimeFormat(locale, { dateStyle: 'medium' })] as const,
    );
    // A day every 37 hours for ten years: every month, day and hour of the day.
    for (let time = Date.UTC(2020, 0, 1); time < Date.UTC(2030, 0, 1); time += 37 * 3600 * 1000) {
      const iso = new Date(time).toISOString();
      for (const [locale, intl] of formatters) {
        expect(formatDate(iso, locale), `${iso} ${locale}`).toBe(intl.format(new Date(time)));
      }
    }
    expect(formatDate('not a date', intlLocale('ar'))).toBe('');
  });

  it('adds the time of day when it matters', () => {
    expect(formatDateTime('2026-03-05T10:00:00Z', intlLocale('en'))).toMatch(/Mar.*2026.*\d{1,2}:00/);
    expect(formatDateTime('2026-03-05T10:00:00Z', intlLocale('ar'))).toMatch(/2026.*\d{1,2}:00/);
    expect(formatDateTime('not a date')).toBe('');
  });
});
