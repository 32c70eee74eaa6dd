import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  compress,
  decompress,
  isCompressible,
  preferredEncoding,
  varyWithEncoding,
  type Encoding,
} from '../lib/compression.js';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { LruCache } from '../lib/lru-cache.js';
import { Drops, drops, readNews, type CatalogueNews, type Shows } from './catalogue-news.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public catalogue read whose 200 answers may be cached, and what they show, which says what news drops them:
     * 'product', the product its `:id` names (its page, its reviews); 'lists', many products or the catalogue's
     * departments and categories.
     */
    cache?: 'product' | 'lists';
    /** A write that changes what catalogue reads answer: its answer waits until this instance has heard the news. */
    changesCatalogue?: boolean;
  }
  interface FastifyRequest {
    /** When the news was last counted, for an answer this request computes (see Drops). */
    cacheSince?: number;
    /** Set on the one request computing a missing answer; the others asking for it wait on it. */
    cacheFill?: () => void;
    /** Answered from memory (its log line says so). */
    cacheHit?: boolean;
  }
}

/** One encoding of a stored answer: its bytes and ETag. */
interface Representation {
  /** How `body` is encoded; null: as computed. */
  encoding: Encoding | null;
  body: Buffer;
  etag: string;
}

/** A stored answer's forms: as computed, or in an encoding. */
type Form = Encoding | 'plain';

/**
 * A stored answer, in each form a client has asked for so far. An answer worth compressing is kept compressed:
 * as computed it is about ten times the bytes (a search's 40 KB against 4 KB of Brotli), made again from a compressed
 * form the first time a client takes it so.
 */
interface Cached {
  shows: Shows;
  /** The headers every form shares. */
  headers: Record<string, string>;
  compressible: boolean;
  /** The answer's ETag as computed; each encoding's adds its name, as they are different bytes. */
  etag: string;
  forms: Partial<Record<Form, Representation>>;
  size: number;
}

export const MAX_AGE_MS = 60_000;
/** How long a shared cache (nginx, a CDN) may keep a catalogue answer: it hears no news, so briefly. */
const SHARED_MAX_AGE_S = 5;
/** How long a write waits for the news of its change before it drops the whole cache instead. */
const NEWS_WAIT_MS = 2000;

/**
 * Headers that belong to one response, not to the stored answer: those Fastify writes, the cache's own, and those
 * that depend on the request (the limit's countdown, CORS for the Origin asking, who is asking).
 */
const PER_RESPONSE = new Set([
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'x-cache',
  'etag',
  'cache-control',
  'x-request-id',
]);
const PER_REQUEST_PREFIXES = ['x-ratelimit-', 'access-control-'];

/**
 * Browsers ask again every time (cheaply: a 304 for the ETag they hold); a shared cache may answer for
 * SHARED_MAX_AGE_S. A signed-in caller's answer is its own: a shared cache must not keep it.
 */
const cacheControlFor = (request: FastifyRequest) =>
  request.headers['x-access-token'] || request.headers.authorization || request.headers.cookie
    ? 'private, no-cache'
    : `public, max-age=0, s-maxage=${SHARED_MAX_AGE_S}`;

/** The headers a stored answer is sent with: those of the response that computed it, bar per-response ones. */
function storedHeaders(reply: FastifyReply): Record<string, string> | null {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders() as OutgoingHttpHeaders)) {
    // A cookie is somebody's: an answer setting one is never shared.
    if (name === 'set-cookie') return null;
    if (value === undefined || PER_RESPONSE.has(name) || PER_REQUEST_PREFIXES.some((prefix) => name.startsWith(prefix)))
      continue;
    headers[name] = String(value);
  }
  return headers;
}

/**
 * The bytes in a buffer of their own. Node cuts buffers under 4 KB (most compressed answers) from a shared 8 KB
 * slab, and a slab lives as long as any piece of it: kept in the cache, a 2 KB answer would hold 8 KB.
 */
function owned(bytes: Buffer): Buffer {
  if (bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const copy = Buffer.allocUnsafeSlow(bytes.byteLength);
  bytes.copy(copy);
  return copy;
}

const HEADERS_SIZE = 1024;

/** A new entry, with no form yet, for the answer `body` (as computed) and the headers it was sent with. */
function entryFor(shows: Shows, body: Buffer, headers: Record<string, string>): Cached {
  const compressible = isCompressible(headers['content-type'], body.length);
  return {
    shows,
    // Whether or not this client takes it compressed, a cache on the way must know the answer depends on it.
    headers: compressible ? { ...headers, vary: varyWithEncoding(headers.vary) } : headers,
    compressible,
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    forms: {},
    size: HEADERS_SIZE,
  };
}

/** The entry's answer in `form`, made from `plain`, the answer as computed. */
async function formOf(entry: Cached, form: Form, plain: Buffer): Promise<Representation> {
  if (form === 'plain') return { encoding: null, body: owned(plain), etag: entry.etag };
  return { encoding: form, body: owned(await compress(plain, form)), etag: `${entry.etag.slice(0, -1)}.${form}"` };
}

/** The answer as computed, from any form the entry holds. */
async function plainOf(entry: Cached): Promise<Buffer> {
  const stored = Object.values(entry.forms)[0];
  if (!stored) throw new Error('a cached answer holds no form');
  return stored.encoding ? decompress(stored.body, stored.encoding) : stored.body;
}

const withForm = (entry: Cached, form: Form, answer: Representation): Cached => ({
  ...entry,
  forms: { ...entry.forms, [form]: answer },
  size: entry.size + answer.body.length,
});

/** The form this request takes the entry in. */
const formFor = (entry: Cached, request: FastifyRequest): Form =>
  (entry.compressible && preferredEncoding(request.headers['accept-encoding'])) || 'plain';

/** If-None-Match names this version (or any): the client's copy is current. */
function fresh(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** What the route's answer to this request shows. */
function showsOf(request: FastifyRequest): Shows | null {
  const kind = request.routeOptions.config?.cache;
  if (kind === 'lists') return 'lists';
  const id = (request.params as { id?: unknown } | undefined)?.id;
  // As the news spells it: PostgreSQL reads a uuid in either case, and writes it in lower case.
  return kind === 'product' && typeof id === 'string' ? { product: id.toLowerCase() } : null;
}

const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';

/**
 * Catalogue reads (routes with `config.cache`) are answered from memory until news of what they show arrives. The
 * database announces every change at commit (triggers → NOTIFY 'catalogue', see db/sql/catalogue-news.sql), naming
 * the products changed and whether lists show the change, so every instance drops just those answers, whoever
 * wrote; while that announcement channel is down nothing is cached, because a change could go unheard. A write
 * flagged `changesCatalogue` answers once this instance has heard its news, so a client reading its own write never
 * sees the old data.
 *
 * An ordinary plugin: a hit is answered from the route's onRequest hook, after the rate limit's, and goes on through
 * Fastify's onSend and onResponse hooks (security headers, the request's log line and metrics).
 */
export const responseCachePlugin = fp(async (app: FastifyInstance, opts: { database: Database; maxBytes: number }) => {
  const cache = new LruCache<Cached>(opts.maxBytes, MAX_AGE_MS);
  const dropped = new Drops();
  let trusted = true;
  const hear = (news: CatalogueNews) => {
    dropped.record(news);
    if (news === 'everything') cache.clear();
    else cache.deleteWhere((entry) => drops(news, entry.shows));
  };

  // A write's own mark on the channel: once it arrives, so has the news of every change committed before it.
  const instance = randomUUID();
  let marks = 0;
  const awaited = new Map<string, () => void>();
  const unlisten = await opts.database.listen('catalogue', {
    notify(payload) {
      if (payload.startsWith('mark:')) return awaited.get(payload)?.();
      hear(readNews(payload));
    },
    lost() {
      trusted = false;
      hear('everything');
    },
    resumed() {
      hear('everything');
      trusted = true;
    },
  });
  app.addHook('onClose', async () => unlisten());

  /** Resolves once this instance has heard the news of every change committed so far (or dropped everything). */
  async function caughtUp(): Promise<void> {
    if (!trusted) return;
    const mark = `mark:${instance}:${++marks}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<boolean>((resolve) => {
      awaited.set(mark, () => resolve(true));
      timer = setTimeout(() => resolve(false), NEWS_WAIT_MS);
    });
    try {
      await app.db.execute(sql`select pg_notify('catalogue', ${mark})`);
      if (!(await heard)) hear('everything');
    } finally {
      clearTimeout(timer);
      awaited.delete(mark);
    }
  }

  /**
   * The entry's answer in `form`, made now and kept beside the others, unless news dropped it meanwhile (this
   * request is then its last).
   */
  const madeAnswer = async (url: string, entry: Cached, form: Form): Promise<Representation> => {
    const since = dropped.now();
    const answer = await formOf(entry, form, await plainOf(entry));
    if (!dropped.droppedSince(since, entry.shows) && cache.peek(url) === entry)
      cache.set(url, withForm(entry, form, answer));
    return answer;
  };

  // One computation per missing answer: under a burst, the first request fills the cache and the
  // others wait for it instead of all running the same (possibly slow) query at once.
  const filling = new Map<string, Promise<void>>();

  /** A stored answer to this request, sent; or, missing, this request set to compute and store it. */
  const answerFromCache: onRequestAsyncHookHandler = async (request, reply) => {
    if (!trusted || !isRead(request)) return;
    const pending = filling.get(request.url);
    if (pending) await pending;
    const hit = cache.get(request.url);
    if (hit) {
      const form = formFor(hit, request);
      const answer = hit.forms[form] ?? (await madeAnswer(request.url, hit, form));
      request.cacheHit = true;
      app.metrics?.cache.inc({ result: 'hit' });
      reply
        .headers(hit.headers)
        .header('etag', answer.etag)
        .header('cache-control', cacheControlFor(request))
        .header('x-cache', 'hit');
      if (fresh(request.headers['if-none-match'], answer.etag))
        return reply.code(304).removeHeader('content-type').send();
      if (answer.encoding) reply.header('content-encoding', answer.encoding);
      return reply.send(answer.body);
    }
    request.cacheSince = dropped.now();
    if (!filling.has(request.url)) {
      const key = request.url;
      let done = () => {};
      const fill = new Promise<void>((resolve) => (done = resolve));
      filling.set(key, fill);
      // Called once or twice (abort, then response); only this fill's own entry is removed.
      request.cacheFill = () => {
        if (filling.get(key) === fill) filling.delete(key);
        done();
      };
    }
  };

  // On the catalogue routes only, after the hooks already there (the rate limit's among them), so a hit is counted
  // against its client's limit like any other request.
  // Whatever became of the answer (stored, an error, a client that went away), the waiters go on.
  const releaseWaiters = async (request: FastifyRequest) => request.cacheFill?.();
  app.addHook('onRoute', (route) => {
    if (!route.config?.cache) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), answerFromCache];
    route.onResponse = [...[route.onResponse ?? []].flat(), releaseWaiters];
    route.onRequestAbort = [...[route.onRequestAbort ?? []].flat(), releaseWaiters];
  });

  // Registered after the security headers and the other onSend hooks, so the stored headers are final.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config?.changesCatalogue && reply.statusCode < 400) await caughtUp();
    if (request.cacheHit || !request.routeOptions.config?.cache || !isRead(request) || reply.statusCode !== 200)
      return payload;
    reply.header('cache-control', cacheControlFor(request));
    if (request.cacheSince === undefined) return payload;
    const shows = showsOf(request);
    // The cache is keyed by URL alone: an answer worded for the caller's language (Vary) must not be replayed to others.
    const languageBound = /accept-language/i.test(String(reply.getHeader('vary') ?? ''));
    if (
      !shows ||
      !trusted ||
      typeof payload !== 'string' ||
      languageBound ||
      dropped.droppedSince(request.cacheSince, shows)
    )
      return payload;
    reply.header('x-cache', 'miss');
    app.metrics?.cache.inc({ result: 'miss' });
    const headers = storedHeaders(reply);
    if (!headers) return payload;
    const plain = Buffer.from(payload);
    const entry = entryFor(shows, plain, headers);
    const form = formFor(entry, request);
    const answer = await formOf(entry, form, plain);
    // Stored with the one form made, unless news of what it shows arrived while it was compressed.
    if (trusted && !dropped.droppedSince(request.cacheSince, shows))
      cache.set(request.url, withForm(entry, form, answer));
    if (entry.compressible) reply.header('vary', varyWithEncoding(reply.getHeader('vary')));
    reply.header('etag', answer.etag);
    if (!answer.encoding) return payload;
    // Compressed here, from the stored answer: the compression plugin leaves an encoded answer alone.
    reply.header('content-encoding', answer.encoding).removeHeader('content-length');
    return answer.body;
  });
});
