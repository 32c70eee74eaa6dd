import { describe, expect, it } from 'vitest';
import { addDays, dayInCairo } from './days.js';

describe("Cairo's days", () => {
  it('start at 22:00 UTC in winter and 21:00 UTC in summer time', () => {
    expect(dayInCairo(new Date('2026-11-30T21:59:59Z'))).toBe('2026-11-30');
    expect(dayInCairo(new Date('2026-11-30T22:00:00Z'))).toBe('2026-12-01');
    expect(dayInCairo(new Date('2026-07-05T20:59:59Z'))).toBe('2026-07-05');
    expect(dayInCairo(new Date('2026-07-05T21:00:00Z'))).toBe('2026-07-06');
  });

  it('count on by the calendar, over a month, a year and the night the clocks move', () => {
    expect(addDays('2026-12-01', -29)).toBe('2026-11-02');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-04-23', 1)).toBe('2026-04-24');
  });
});
