import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** An id a proxy or client may hand in: short, and safe to log and to echo in a header. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The id of a request, in its log line, its X-Request-Id answer header and its error body: the one the
 * caller sent in X-Request-Id (a load balancer's, so one id follows the request through both logs) when
 * it is a sane short token, else a new one.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}
