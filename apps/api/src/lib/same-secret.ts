import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string | Buffer) => createHash('sha256').update(value).digest();

/**
 * Whether `given` is the `expected` secret (a webhook's token, a signature), compared as digests: neither the time
 * taken nor a length mismatch tells a caller anything about the secret.
 */
export function sameSecret(expected: string | Buffer, given: string | Buffer | string[] | undefined): boolean {
  if (given === undefined || Array.isArray(given)) return false;
  return timingSafeEqual(digest(expected), digest(given));
}
