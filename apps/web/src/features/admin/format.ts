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

/** The first block of an order's uuid: enough to tell orders apart on screen and to find one again. */
export const shortId = (id: string) => `#${id.slice(0, 8).toUpperCase()}`;
