import cluster from 'node:cluster';

const RESTART_DELAY_MS = 1000;

/**
 * The primary of `WORKERS=N`: forks N copies of the server, which share the listening port, and keeps
 * them running. Each worker migrates, seeds and expires orders safely alongside the others (advisory
 * locks and SKIP LOCKED in the database), so the primary itself holds no state.
 */
export function runPrimary(workers: number): void {
  let stopping = false;
  // glibc gives each thread that allocates (libuv's, which compress answers, and libvips', which resize pictures)
  // an arena of its own that it seldom returns: two arenas keep a worker's memory near what it uses (README,
  // Performance). A value set by whoever starts the shop wins.
  const fork = () => cluster.fork({ MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' });
  for (let i = 0; i < workers; i++) fork();

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`worker ${worker.process.pid} died (${signal ?? code}); starting another`);
    setTimeout(fork, RESTART_DELAY_MS).unref();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // Each worker finishes its requests in flight and closes its database (server.ts), then exits.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
