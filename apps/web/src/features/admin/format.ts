import { orderRef } from '@shop/contracts';

const dateTimeFormatters = new Map<string, Intl.DateTimeFormat>();

/** Date and time to the minute, for logs and order lists, in the reader's language and time zone. */
export function formatDateTime(iso: string, locale: string): string {
  let formatter = dateTimeFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    dateTimeFormatters.set(locale, formatter);
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatter.format(date);
}

/** The order number shoppers are told, with its #: admins and shoppers read out the same one. */
export const shortId = (id: string) => `#${orderRef(id)}`;
