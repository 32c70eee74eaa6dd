import { intlLocale } from '@shop/contracts';

/** Prices are formatted as the e-mails format them. */
export { formatPrice } from '@shop/contracts';

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function formatWith(iso: string, locale: string, withTime: boolean): string {
  const key = `${locale}:${withTime}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: withTime ? 'short' : undefined });
    dateFormatters.set(key, formatter);
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatter.format(date);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const [ENGLISH, ARABIC] = [intlLocale('en'), intlLocale('ar')];
const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * A day, in the reader's time zone, as `Intl.DateTimeFormat`'s medium date writes it in the shop's two locales
 * (`intlLocale`'s), character for character (format.test.ts compares them): "Mar 5, 2026", and in Arabic
 * day/month/year with right-to-left marks. Making the formatter took about 140 ms of a product page's start
 * (its reviews' dates) on a CPU slowed down four times (Lighthouse's phone), in one piece. Another locale is
 * Intl's.
 */
export function formatDate(iso: string, locale = ENGLISH): string {
  if (locale !== ARABIC && locale !== ENGLISH) return formatWith(iso, locale, false);
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const [day, month, year] = [date.getDate(), date.getMonth(), date.getFullYear()];
  if (locale === ARABIC) return `${twoDigits(day)}\u200f/${twoDigits(month + 1)}\u200f/${year}`;
  return `${MONTHS[month]} ${day}, ${year}`;
}

/** A date with its time of day, in the reader's time zone: when an order moved. */
export const formatDateTime = (iso: string, locale = 'en-EG'): string => formatWith(iso, locale, true);
