/** Time as the services see it; tests swap in a clock they can move forward. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** The calendar day in Cairo ('YYYY-MM-DD') at `at`: the shop's days (Paymob's settlements, a banner's run) are Egypt's. */
export const cairoDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(at);
