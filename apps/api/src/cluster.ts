import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

/** The first restart of a worker that died waits this long, and each quick death after it twice as long. */
const FIRST_RESTART_MS = 1000;
const LONGEST_RESTART_MS = 30_000;
/** A worker that ran this long was healthy: the next restart starts again from the first delay. */
const HEALTHY_RUN_MS = 60_000;

/**
 * A worker's old generation at most, in MB. V8 sizes its heap limit from the machine's memory (about 4 GB on 24 GB)
 * and, under such a limit, lets the heap grow to four times what a collection left live before it collects again:
 * after a few thousand distinct searches a process held 222 MB of old generation with 61 MB live, 375 MB resident.
 * Below 2 GB the factor shrinks with the limit (1.6 at 1 GB): 89 MB with 49 live, 235 MB resident, the searches
 * no slower. The live heap is a tenth of it, so the limit itself is never what a worker meets.
 */
export const WORKER_OLD_SPACE_MB = 1024;
const OLD_SPACE_FLAG = '--max-old-space-size';

/** The Node options a worker starts with: the primary's own, and the old generation's limit unless one is set. */
export function workerExecArgv(execArgv: readonly string[], nodeOptions = ''): string[] {
  const set = [...execArgv, ...nodeOptions.split(/\s+/)].some((option) => option.startsWith(OLD_SPACE_FLAG));
  return set ? [...execArgv] : [...execArgv, `${OLD_SPACE_FLAG}=${WORKER_OLD_SPACE_MB}`];
}

/**
 * The supervisor `npm start` runs (server.ts): forks `workers` copies of the server, which share the listening port,
 * and keeps them running. A worker that dies (a crash, an out-of-memory kill, a start that gave up waiting for the
 * database) is started again after a delay that doubles while its successors keep dying soon, up to 30 s. Each
 * worker migrates, seeds and expires orders safely alongside the others (advisory locks and SKIP LOCKED in the
 * database), so the supervisor itself holds no state.
 */
export function runPrimary(workers: number, log: Logger): void {
  let stopping = false;
  let delay = FIRST_RESTART_MS;
  const startedAt = new Map<Worker, number>();
  const running = () => Object.keys(cluster.workers ?? {}).length;
  // glibc gives each thread that allocates (libuv's, which compress answers, and libvips', which resize pictures)
  // an arena of its own that it seldom returns: two arenas keep a worker's memory near what it uses (README,
  // Performance). A value set by whoever starts the shop wins, here and for the heap's limit.
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS) });
  const fork = () => {
    const worker = cluster.fork({ MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' });
    startedAt.set(worker, Date.now());
    log.info({ worker: worker.process.pid }, 'worker started');
  };
  for (let i = 0; i < workers; i++) fork();

  cluster.on('exit', (worker, code, signal) => {
    const ran = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (running() === 0) process.exit(0);
      return;
    }
    if (ran >= HEALTHY_RUN_MS) delay = FIRST_RESTART_MS;
    const why = signal ? `killed by ${signal}` : `exited with code ${code}`;
    log.error(
      { worker: worker.process.pid, code, signal, ranMs: ran, restartInMs: delay },
      `worker ${why}; starting another`,
    );
    // Not unref'd: with its only worker dead, this timer is what keeps the supervisor alive.
    setTimeout(() => stopping || fork(), delay);
    delay = Math.min(delay * 2, LONGEST_RESTART_MS);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    if (running() === 0) process.exit(0);
    // Each worker finishes its requests in flight and closes its database (server.ts), then exits.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
