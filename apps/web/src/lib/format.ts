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

export const formatDate = (iso: string, locale = 'en-EG'): string => formatWith(iso, locale, false);

/** A date with its time of day, in the reader's time zone: when an order moved. */
export const formatDateTime = (iso: string, locale = 'en-EG'): string => formatWith(iso, locale, true);
