import { spawn } from 'node:child_process';
import os from 'node:os';
import { log } from './server.mjs';

/** The server's nice value: the bench's own as it was started, which the API it starts inherits. */
export const SERVER_NICE = os.getPriority();

/**
 * The load generator's nice value while it measures the server, ten below the server's. On two cores shared with
 * the server, a generator at the same priority waits in the run queue behind the server's processes before it can
 * send a request that is due or read an answer that has arrived, and the wait counts in the latency: at 100
 * searches a second it was two thirds of the median (16-19 ms against 6-8 at -10), a delay a shopper's browser on
 * its own machine never adds. Ahead of the server, the generator takes the core it needs (a sixth of one at that
 * rate) when it needs it. nice orders the processes of one scheduling group: with the kernel's autogroup (on where
 * this was measured), the bench and the API it starts share one, and PostgreSQL, started as a service, has its own,
 * between which the kernel shares the cores first.
 */
const GENERATOR_NICE = SERVER_NICE - 10;

/**
 * Puts this process's main thread, and what it starts from now on (wrk, Chromium), ahead of the server. Raising a
 * priority takes root or CAP_SYS_NICE: without, the log says so, since the latencies then include the generator's
 * own waits (each part records the nice values it ran at).
 */
export function raiseGeneratorPriority() {
  try {
    os.setPriority(GENERATOR_NICE);
  } catch {
    log(`could not run the load generator at nice ${GENERATOR_NICE} (root or CAP_SYS_NICE): its own waits count`);
  }
}

/**
 * Starts a server (nginx, the ceiling the API is compared with) at the server's priority, whatever the bench's own
 * is by then: through `nice`, so that it never runs a moment ahead.
 * @param {string} command @param {string[]} args @param {import('node:child_process').SpawnOptions} options
 */
export function spawnAtServerPriority(command, args, options) {
  const lower = SERVER_NICE - os.getPriority();
  return lower ? spawn('nice', ['-n', String(lower), command, ...args], options) : spawn(command, args, options);
}
