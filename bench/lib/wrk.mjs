import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ACCEPT_ENCODING } from './http-client.mjs';

/** One per core: wrk's threads run the connections' event loops. */
export const WRK_THREADS = 2;

/**
 * @typedef {{ rps: number, p50_ms: number, p95_ms: number, p99_ms: number, errors: number, distinct: number, repeated: number }} WrkResult
 */

/**
 * wrk's closed loop (each connection sends its next request when the answer arrives) with the report script's
 * figures. Servers are asked as a browser asks, so the shop and nginx send the same Brotli bytes.
 * @param {string} root the repository, where the scripts are
 * @param {string} url
 * @param {{ connections: number, seconds: number, script?: string, args?: string[], timeout?: number }} options
 *   `script` replaces the plain report (it must report the same way), `args` go to its init(); an answer slower than
 *   `timeout` seconds (2) counts as an error, not in the latencies
 * @returns {WrkResult}
 */
export function wrk(root, url, { connections, seconds, script = 'bench/wrk-report.lua', args = [], timeout = 2 }) {
  const out = execFileSync(
    'wrk',
    [
      `-t${WRK_THREADS}`,
      `-c${connections}`,
      `-d${seconds}s`,
      '--latency',
      `--timeout=${timeout}s`,
      '-H',
      `Accept-Encoding: ${ACCEPT_ENCODING}`,
      '-s',
      path.join(root, script),
      url,
      ...(args.length ? ['--', ...args] : []),
    ],
    { encoding: 'utf8', cwd: root },
  );
  const line = out.split('\n').find((l) => l.startsWith('WRK_JSON '));
  if (!line) throw new Error(`wrk printed no report for ${url}: ${out}`);
  const r = JSON.parse(line.slice(9));
  // Only search-list.lua counts them: requests sent (answered or not), and to how many distinct addresses.
  const [, sent = r.requests, distinct = sent] = out.match(/^WRK_SENT (\d+) (\d+)$/m)?.map(Number) ?? [];
  return {
    rps: r.requests / (r.duration_us / 1e6),
    p50_ms: r.p50_us / 1000,
    p95_ms: r.p95_us / 1000,
    p99_ms: r.p99_us / 1000,
    errors: r.errors + r.non2xx,
    distinct,
    repeated: sent - distinct,
  };
}
