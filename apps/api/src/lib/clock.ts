import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { addDays, dayInCairo } from '@shop/contracts';

// The shop's calendar days are defined once, in contracts (the dashboard counts its default periods with them too).
export { addDays };

/** Time as the services see it; tests swap in a clock they can move forward. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

const DAY_MS = 86_400_000;

/** The calendar day in Cairo ('YYYY-MM-DD') at `at`: the shop's days (Paymob's settlements, a banner's run) are Egypt's. */
export const cairoDay = dayInCairo;

const cairoClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Cairo',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** How far Cairo's clocks are ahead of UTC at `at`, in milliseconds: two hours in winter, three in summer. */
function cairoOffset(at: number): number {
  const part = Object.fromEntries(cairoClock.formatToParts(at).map((p) => [p.type, Number(p.value)]));
  const wall = Date.UTC(part.year ?? 0, (part.month ?? 1) - 1, part.day, part.hour, part.minute, part.second);
  return wall - Math.floor(at / 1000) * 1000;
}

/** The hour on Cairo's clocks at `at`, 0 to 23: an hour of the shop's day, summer time or not. */
export const cairoHour = (at: Date): number =>
  Number(cairoClock.formatToParts(at).find((part) => part.type === 'hour')?.value);

/**
 * The first moment of Cairo's day `day` ('YYYY-MM-DD'): a period of Cairo days runs from the start of its first to
 * the start of the day after its last. Egypt moves its clocks at midnight, so the night of a change has two
 * candidates, midnight at the evening's offset and at the morning's: the day starts at the earlier that falls on it
 * (01:00 the day summer time starts, when midnight is skipped).
 */
export function cairoDayStart(day: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  const starts = [midnight - DAY_MS / 2, midnight + DAY_MS / 2]
    .map((at) => midnight - cairoOffset(at))
    .filter((start) => cairoDay(new Date(start)) === day);
  return new Date(Math.min(...starts));
}

/** Where Cairo's day `day` ends: where the next one starts. A period's last day is in it. */
export const cairoDayEnd = (day: string): Date => cairoDayStart(addDays(day, 1));

/**
 * A timestamp column read on Cairo's clock, for grouping by Cairo's days and weeks in SQL. Written out, not bound:
 * PostgreSQL matches a select's expression to its group by's only without parameters.
 */
export const onCairoClock = (at: SQLWrapper): SQL => sql`(${at} at time zone 'Africa/Cairo')`;
