import type { FastifyBaseLogger } from 'fastify';

/**
 * Writes that record what an outside service has already done (a message sent, money given back), kept in memory
 * when the database refused them, to be written at the owner's next passes. The outside call is never made again for
 * them: that would do it twice. So the one way it is done twice stays a process that dies before the write lands.
 */
export interface UnrecordedWrites<K> {
  /** Keeps `record` to be tried again; a later one for the same key replaces it. */
  keep(key: K, record: () => Promise<unknown>): void;
  /** Whether a write for `key` is still waiting. */
  has(key: K): boolean;
  /** Tries each kept write once; those that land are forgotten, the others wait for the next call. */
  retry(): Promise<void>;
}

/** `still` is what the log says of a write that failed again; `keyName` names its key in the log's context. */
export function unrecordedWrites<K>(log: FastifyBaseLogger, still: string, keyName: string): UnrecordedWrites<K> {
  const waiting = new Map<K, () => Promise<unknown>>();
  return {
    keep: (key, record) => void waiting.set(key, record),
    has: (key) => waiting.has(key),
    async retry() {
      for (const [key, record] of waiting) {
        try {
          await record();
          waiting.delete(key);
        } catch (err) {
          // Still not written: tried again at the next call, without holding up the work that waits behind it.
          log.warn({ err, [keyName]: key }, still);
        }
      }
    },
  };
}
