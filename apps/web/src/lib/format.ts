import { CURRENCY } from '@shop/contracts';

const formatters = new Map<string, Intl.NumberFormat>();

function priceFormatter(locale: string, fraction: boolean): Intl.NumberFormat {
  const key = `${locale}:${fraction}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: CURRENCY,
      // 'EGP' in English (as the spec prints it), 'ج.م.' in Arabic.
      currencyDisplay: 'symbol',
      minimumFractionDigits: fraction ? 2 : 0,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * The one price formatter of the app: EGP with grouped digits in the reader's language. Whole
 * pounds show no ".00" (EGP 19,499; 19,499 ج.م. in Arabic); piastres always show two digits (EGP 42.75, EGP 42.50).
 */
export function formatPrice(value: number, locale = 'en-EG'): string {
  return priceFormatter(locale, !Number.isInteger(value)).format(value);
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

export function formatDate(iso: string, locale = 'en-EG'): string {
  let formatter = dateFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    dateFormatters.set(locale, formatter);
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatter.format(date);
}
