import { CURRENCY } from './constants.js';
import { intlLocale } from './locale.js';

/**
 * Money is counted in integer piastres (1 EGP = 100) and travels as EGP numbers with at most two decimals:
 * sums of EGP numbers drift by fractions of a piastre (docs/decisions/money-in-piastres.md).
 */
export const toPiastres = (egp: number): number => Math.round(egp * 100);
export const toEgp = (piastres: number): number => piastres / 100;

/** Highest price a product may have, in EGP. */
export const MAX_PRICE = 10_000_000;

/** Price × quantity of each line, summed in piastres. */
export const linesPiastres = (lines: readonly { price: number; quantity: number }[]): number =>
  lines.reduce((sum, line) => sum + toPiastres(line.price) * line.quantity, 0);

/** Price × quantity of each line, summed exactly, in EGP. */
export const linesTotal = (lines: readonly { price: number; quantity: number }[]): number =>
  toEgp(linesPiastres(lines));

/** Thousands separators in a run of digits: 1234567 → 1,234,567. */
const GROUPS = /\B(?=(\d{3})+(?!\d))/g;
const ARABIC = intlLocale('ar');

/**
 * The one price formatter of the shop (web pages and e-mails): EGP with grouped digits in the reader's
 * language. Whole pounds show no ".00" (EGP 19,499; 19,499 ج.م. in Arabic); piastres always show two
 * digits (EGP 42.75, EGP 42.50). The locale is one of `intlLocale`'s: Arabic, or else English.
 *
 * Written out as `Intl.NumberFormat` writes EGP in those two locales, character for character (money.test.ts
 * compares them): making the two formatters a page of prices needs took about 110 ms of a category page's start
 * on a CPU slowed down four times (Lighthouse's phone), in one piece. An amount finer than a piastre, which the
 * shop never has, is rounded to one.
 */
export function formatPrice(value: number, locale = 'en-EG'): string {
  const piastres = Math.round(Math.abs(value) * 100);
  const pounds = String(Math.floor(piastres / 100)).replace(GROUPS, ',');
  const amount = Number.isInteger(value) ? pounds : `${pounds}.${String(piastres % 100).padStart(2, '0')}`;
  const negative = value < 0;
  // Arabic: right-to-left marks around the amount, a left-to-right mark before a minus, the symbol after.
  if (locale === ARABIC) return `\u200f${negative ? '\u200e-' : ''}${amount}\u00a0ج.م.\u200f`;
  return `${negative ? '-' : ''}${CURRENCY}\u00a0${amount}`;
}

/** Egypt's value-added tax (Law 67 of 2016); the shop's prices already include it. */
export const VAT_RATE = 0.14;
/** The rate as invoices print it (14), and as the piastre arithmetic below counts it. */
export const VAT_PERCENT = Math.round(VAT_RATE * 100);

/** The VAT inside a VAT-inclusive amount (total × 14 / 114), rounded to the piastre, in EGP. */
export const vatIncluded = (totalEgp: number): number =>
  toEgp(Math.round((toPiastres(totalEgp) * VAT_PERCENT) / (100 + VAT_PERCENT)));
