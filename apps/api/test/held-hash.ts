import { hash } from '@node-rs/argon2';
import { vi } from 'vitest';

const argon2 = await vi.importActual<typeof import('@node-rs/argon2')>('@node-rs/argon2');

/**
 * Holds the next argon2 hash until released, so that a test can see what other requests do while one is being hashed
 * (on a busy machine a hash takes about 0.1 s, too short to aim at). The hash is then computed as always. For a test
 * file that counts hashes with `vi.mock('@node-rs/argon2', …)` (hash wrapped in `vi.fn`).
 */
export function holdNextHash(): { started: Promise<void>; release: () => void } {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let begin = () => {};
  const started = new Promise<void>((resolve) => (begin = resolve));
  vi.mocked(hash).mockImplementationOnce(async (...args) => {
    begin();
    await released;
    return argon2.hash(...args);
  });
  return { started, release };
}
