/** The query cache of the api slice, as far as a rendered page carries it. */
interface QueryCache {
  queries: Record<string, { status?: string } | undefined>;
}

/** What RTK Query records of the request that filled an entry: an id of its own and two clocks. */
type Fetched = { requestId?: string; startedTimeStamp?: number; fulfilledTimeStamp?: number };

/** The request id of entries the server's render filled. */
const RENDERED = 'rendered';

const eachEntry = <T extends QueryCache>(cache: T, change: (entry: Fetched & { status?: string }) => object): T => ({
  ...cache,
  queries: Object.fromEntries(Object.entries(cache.queries).map(([key, entry]) => [key, entry && change(entry)])),
});

/**
 * The cache the server writes beside a page it rendered: without the request ids and times, which differ from
 * one render to the next. Every process then renders the same catalogue into the same bytes, so a page's ETag
 * is revalidated by whichever process of a cluster, or instance behind a balancer, the browser reaches.
 */
export const cacheForPage = <T extends QueryCache>(cache: T): T =>
  eachEntry(cache, ({ requestId, startedTimeStamp, fulfilledTimeStamp, ...entry }) => entry);

/**
 * The page's cache as the browser takes it over, fetched at that moment. RTK Query fetches again an entry that
 * has no fulfilledTimeStamp, so the answers the page carried get one; the failed ones stay without, and are asked
 * again as before.
 */
export const cacheFromPage = <T extends QueryCache>(cache: T, now = Date.now()): T =>
  eachEntry(cache, (entry) => ({
    ...entry,
    requestId: RENDERED,
    startedTimeStamp: now,
    ...(entry.status === 'fulfilled' && { fulfilledTimeStamp: now }),
  }));
