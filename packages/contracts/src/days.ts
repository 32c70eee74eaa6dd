/**
 * The shop's calendar is Cairo's: its reports, its dashboard and a banner's run count Egypt's days, which start at
 * 22:00 UTC in winter and 21:00 UTC in summer time (Egypt moves its clocks again since 2023).
 */

/** The calendar day in Cairo ('YYYY-MM-DD') at `at`. */
export const dayInCairo = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(at);

/** The day `days` after `day` (before, if negative), by the calendar: 'YYYY-MM-DD' both. */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
