import { CURRENCY } from './constants.js';

/**
 * Money is counted in integer piastres (1 EGP = 100) and travels as EGP numbers with at most two decimals:
 * sums of EGP numbers drift by fractions of a piastre (docs/decisions/money-in-piastres.md).
 */
export const toPiastres = (egp: number): number => Math.round(egp * 100);
export const toEgp = (piastres: number): number => piastres / 100;

/** Price × quantity of each line, summed in piastres. */
export const linesPiastres = (lines: readonly { price: number; quantity: number }[]): number =>
  lines.reduce((sum, line) => sum + toPiastres(line.price) * line.quantity, 0);

/** Price × quantity of each line, summed exactly, in EGP. */
export const linesTotal = (lines: readonly { price: number; quantity: number }[]): number =>
  toEgp(linesPiastres(lines));

const formatters = new Map<string, Intl.NumberFormat>();

function priceFormatter(locale: string, fraction: boolean): Intl.NumberFormat {
  const key = `${locale}:${fraction}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: CURRENCY,
      // 'EGP' in English, 'ج.م.' in Arabic.
      currencyDisplay: 'symbol',
      minimumFractionDigits: fraction ? 2 : 0,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * The one price formatter of the shop (web pages and e-mails): EGP with grouped digits in the reader's
 * language. Whole pounds show no ".00" (EGP 19,499; 19,499 ج.م. in Arabic); piastres always show two
 * digits (EGP 42.75, EGP 42.50).
 */
export function formatPrice(value: number, locale = 'en-EG'): string {
  return priceFormatter(locale, !Number.isInteger(value)).format(value);
}

/** Egypt's value-added tax (Law 67 of 2016); the shop's prices already include it. */
export const VAT_RATE = 0.14;
/** The rate as invoices print it (14), and as the piastre arithmetic below counts it. */
export const VAT_PERCENT = Math.round(VAT_RATE * 100);

/** The VAT inside a VAT-inclusive amount (total × 14 / 114), rounded to the piastre, in EGP. */
export const vatIncluded = (totalEgp: number): number =>
  toEgp(Math.round((toPiastres(totalEgp) * VAT_PERCENT) / (100 + VAT_PERCENT)));
