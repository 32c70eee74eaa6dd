import os from 'node:os';
import { log } from './server.mjs';

/**
 * The load generator's nice value while it measures the server, whose processes (and PostgreSQL's) keep the default,
 * 0. On two cores shared with the server, a generator at the same priority waits in the run queue behind the
 * server's processes before it can send a request that is due or read an answer that has arrived, and the wait
 * counts in the latency: at 100 searches a second it was two thirds of the median (17 ms against 6 at -10), a delay
 * a shopper's browser on its own machine never adds. Ahead of the server, the generator takes the core it needs (a
 * sixth of one at that rate) when it needs it, which slows the server a little rather than helps it.
 */
export const GENERATOR_NICE = -10;

/**
 * Puts this process, and what it starts from now on (wrk, Chromium), ahead of the server. Returns the nice value
 * it runs at: the default when raising it is not allowed (it takes root or CAP_SYS_NICE), said in the log, since
 * the latencies then include the generator's own waits.
 * @returns {number}
 */
export function raiseGeneratorPriority() {
  try {
    os.setPriority(GENERATOR_NICE);
    return GENERATOR_NICE;
  } catch {
    log(
      `could not run the load generator at nice ${GENERATOR_NICE} (root or CAP_SYS_NICE): its own waits count in the latencies`,
    );
    return os.getPriority();
  }
}

/**
 * A server the bench starts after raising its own priority (nginx, the ceiling) runs at the default one, as the API
 * does: the two are compared. @param {import('node:child_process').ChildProcess} child
 */
export function atServerPriority(child) {
  if (child.pid) os.setPriority(child.pid, 0);
  return child;
}
