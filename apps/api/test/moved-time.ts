import { vi } from 'vitest';

/**
 * Moves Date.now, and the test clock with it, on from real time until `restore`. Limits counted in this process's
 * memory end their windows by Date.now, not by the test clock, so only this ends their hour (Redis keeps its own).
 */
export function movedTime() {
  const realNow = Date.now.bind(Date);
  const now = vi.spyOn(Date, 'now');
  return {
    minutesOn: (minutes: number) => now.mockImplementation(() => realNow() + minutes * 60_000),
    restore: () => now.mockRestore(),
  };
}
