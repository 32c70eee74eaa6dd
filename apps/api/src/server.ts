import cluster from 'node:cluster';
import { runPrimary } from './cluster.js';
import { createLog } from './lib/log.js';
import { loadConfig } from './config.js';

/**
 * Process entry: configuration, then a supervisor here that runs WORKERS servers, each in a process of its own. The
 * server's code is imported by the workers only: the supervisor loads no more than it needs to fork and watch them.
 */
async function main() {
  const config = loadConfig();
  const log = createLog(config.LOG_LEVEL);
  if (cluster.isPrimary) {
    if (config.WORKERS > 1 && !config.DATABASE_URL)
      throw new Error('WORKERS > 1 needs DATABASE_URL: the embedded database can be opened by one process at a time.');
    runPrimary(config.WORKERS, log);
    return;
  }
  const { serve } = await import('./serve.js');
  await serve(config, log).catch((err: unknown) => {
    // The message says what to do (the database unreachable, a migration that failed); the stack is in the line.
    log.fatal({ err }, err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
