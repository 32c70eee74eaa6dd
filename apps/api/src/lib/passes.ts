import type { FastifyBaseLogger } from 'fastify';

/** Background work done in passes over a queue in the database; `wake` asks for a pass now instead of at the next poll. */
export interface Passes {
  wake(): void;
  /** Runs a pass now (after the one under way, if any) and resolves to how much it did. */
  flush(): Promise<number>;
  /** Polls every `everyMs` until stopped, beginning with a pass at once (work left by a previous run). */
  start(everyMs?: number): void;
  /** Stops polling and waits for the pass under way. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` one at a time in this process; several processes share the queue through row locks, so
 * each piece of work is done once. `pass` is handed a test of whether the work is stopping, to leave
 * off between two pieces.
 */
export function repeatedPasses(
  pass: (stopping: () => boolean) => Promise<number>,
  options: { everyMs: number; log: FastifyBaseLogger; failure: string },
): Passes {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const stopping = () => stopped;
  // The pass under way (or the last one), and the one waiting behind it: every wake during a pass is
  // answered by the next one, so work queued while a pass runs is not left for the poll.
  let tail: Promise<unknown> = Promise.resolve();
  let waiting: Promise<number> | null = null;

  function schedule(): Promise<number> {
    if (waiting) return waiting;
    const next = tail.then(() => {
      waiting = null;
      return pass(stopping);
    });
    waiting = next;
    tail = next.catch((err: unknown) => options.log.error({ err }, options.failure));
    return next;
  }

  function wake() {
    if (!stopped) schedule().catch(() => {});
  }

  return {
    wake,
    flush: schedule,
    start(everyMs = options.everyMs) {
      if (timer || stopped) return;
      wake();
      timer = setInterval(wake, everyMs);
      // The timer alone must not keep the process alive.
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await tail;
    },
  };
}
