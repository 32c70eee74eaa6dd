/** Time as the services see it; tests swap in a clock they can move forward. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
