import { createHash } from 'node:crypto';
import {
  compress,
  decompress,
  isCompressible,
  preferredEncoding,
  varyWithEncoding,
  type Encoding,
} from '../lib/compression.js';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { say } from '@shop/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { clientAddressOf } from '../lib/client-address.js';
import { HttpError } from '../lib/errors.js';
import { LruCache } from '../lib/lru-cache.js';
import { RequestWindow } from '../lib/request-window.js';
import { requestIdOf } from '../lib/request-id.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public catalogue read whose 200 answers may be served from the response cache. */
    cache?: boolean;
    /** A write that changes what catalogue reads answer: this instance drops its cache at once. */
    changesCatalogue?: boolean;
  }
  interface FastifyRequest {
    cacheGeneration?: number;
    /** Set on the one request computing a missing answer; the others asking for it wait on it. */
    cacheFill?: () => void;
    /** Answered from memory (its log line says so). */
    cacheHit?: boolean;
  }
}

/** One encoding of a stored answer, ready to write: its bytes and the headers of a 200 and of a 304, as flat arrays. */
interface Representation {
  /** How `body` is encoded; null: as computed. */
  encoding: Encoding | null;
  body: Buffer;
  etag: string;
  ok: string[];
  notModified: string[];
}

/** A stored answer's forms: as computed, or in an encoding. */
type Form = Encoding | 'plain';

/**
 * A stored answer, in each form a client has asked for so far. An answer worth compressing is kept compressed:
 * as computed it is about ten times the bytes (a search's 40 KB against 4 KB of Brotli), made again from a compressed
 * form the first time a client takes it so.
 */
interface Cached {
  /** The route pattern that computed it, for the log line and the metrics of the answers it serves. */
  route: string | undefined;
  /** The headers every form shares. */
  headers: Record<string, string>;
  compressible: boolean;
  /** The answer's ETag as computed; each encoding's adds its name, as they are different bytes. */
  etag: string;
  forms: Partial<Record<Form, Representation>>;
  size: number;
}

/**
 * Where the HTTP server asks first (app.ts's serverFactory), before Fastify routes the request: a
 * cached answer written from there skips routing, hooks, validation and serialisation, which cost
 * more than two thirds of a cached read. Anything it does not answer goes on to Fastify.
 */
export interface EarlyLane {
  answer(req: IncomingMessage, res: ServerResponse): boolean;
}

const MAX_AGE_MS = 60_000;
/** Headers that belong to one response, not to the stored answer. */
const PER_RESPONSE = new Set([
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'x-cache',
  'etag',
  'x-request-id',
]);

/** Headers that depend on the request: the limit's countdown, and CORS (which depends on the Origin asking). */
const PER_REQUEST_PREFIXES = ['x-ratelimit-', 'access-control-'];

const flat = (headers: Record<string, string>) => Object.entries(headers).flat();

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

function representation(
  encoding: Encoding | null,
  body: Buffer,
  etag: string,
  headers: Record<string, string>,
): Representation {
  const { 'content-type': _type, ...withoutType } = headers;
  const ok = flat({ ...headers, etag, 'content-length': String(body.length), 'x-cache': 'hit' });
  const notModified = flat({ ...withoutType, etag, 'x-cache': 'hit' });
  return { encoding, body, etag, ok, notModified };
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

const sizeOf = (answer: Representation) => answer.body.length + JSON.stringify(answer.ok).length;

/** A new entry, with no form yet, for the answer `body` (as computed) and the headers it was sent with. */
function entryFor(route: string | undefined, body: Buffer, headers: Record<string, string>): Cached {
  const compressible = isCompressible(headers['content-type'], body.length);
  return {
    route,
    // Whether or not this client takes it compressed, a cache on the way must know the answer depends on it.
    headers: compressible ? { ...headers, vary: varyWithEncoding(headers.vary) } : headers,
    compressible,
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    forms: {},
    size: 0,
  };
}

/** The entry's answer in `form`, made from `plain`, the answer as computed. */
async function formOf(entry: Cached, form: Form, plain: Buffer): Promise<Representation> {
  if (form === 'plain') return representation(null, owned(plain), entry.etag, entry.headers);
  return representation(form, owned(await compress(plain, form)), `${entry.etag.slice(0, -1)}.${form}"`, {
    ...entry.headers,
    'content-encoding': form,
  });
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
  size: entry.size + sizeOf(answer),
});

/** The form this request takes the entry in. */
const formFor = (entry: Cached, req: IncomingMessage): Form =>
  (entry.compressible && preferredEncoding(req.headers['accept-encoding'])) || 'plain';

/** The form of the entry this request takes, if the entry holds it already. */
const chosen = (entry: Cached, req: IncomingMessage): Representation | undefined => entry.forms[formFor(entry, req)];

/** If-None-Match names this version (or any): the client's copy is current. */
function fresh(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** Writes a stored answer, with `extra` headers computed for this request (flat name/value pairs). */
function write(entry: Representation, req: IncomingMessage, res: ServerResponse, extra: string[] = []): void {
  if (fresh(req.headers['if-none-match'], entry.etag)) {
    res.writeHead(304, [...entry.notModified, ...extra]);
    res.end();
    return;
  }
  res.writeHead(200, extra.length ? [...entry.ok, ...extra] : entry.ok);
  res.end(req.method === 'HEAD' ? undefined : entry.body);
}

/**
 * Catalogue reads are answered from memory until the catalogue changes. The database announces every
 * change at commit (triggers → NOTIFY 'catalogue', see db/sql/catalogue-news.sql), so every instance drops its
 * cache whoever wrote; while that announcement channel is down nothing is cached, because a change
 * could go unheard. Writes flagged `changesCatalogue` also drop this instance's cache before their
 * answer leaves, so a client reading its own write never sees the old data.
 *
 * Cached answers count against the general request limit in this process's memory (RATE_LIMIT_MAX a
 * minute per address, as @fastify/rate-limit counts everything else).
 */
export const responseCachePlugin = fp(
  async (app: FastifyInstance, opts: { database: Database; maxBytes: number; lane: EarlyLane }) => {
    const cache = new LruCache<Cached>(opts.maxBytes, MAX_AGE_MS);
    const limit = new RequestWindow(app.config.RATE_LIMIT_MAX);
    const clientAddress = clientAddressOf(app.config.TRUST_PROXY);
    let generation = 0;
    let trusted = true;
    const invalidate = () => {
      generation++;
      cache.clear();
    };

    const unlisten = await opts.database.listen('catalogue', {
      notify: invalidate,
      lost() {
        trusted = false;
        invalidate();
      },
      resumed() {
        invalidate();
        trusted = true;
      },
    });
    app.addHook('onClose', async () => unlisten());

    /** The stored answer to this request, not yet counted against its address's limit. */
    const stored = (req: IncomingMessage): Cached | undefined =>
      trusted && (req.method === 'GET' || req.method === 'HEAD') ? cache.get(req.url ?? '') : undefined;

    /** The stored answer to this request; 'limited' when its address is over the limit (Fastify answers that 429). */
    const lookup = (req: IncomingMessage): Cached | 'limited' | undefined => {
      const hit = stored(req);
      if (!hit) return undefined;
      return limit.hit(clientAddress(req)) ? 'limited' : hit;
    };

    const corsConfigured = Boolean(app.config.CORS_ORIGIN);
    opts.lane.answer = (req, res) => {
      // A cross-origin read needs its CORS answer, which the CORS plugin computes on Fastify's side.
      if (corsConfigured && req.headers.origin) return false;
      const started = performance.now();
      const hit = stored(req);
      if (!hit) return false;
      // An encoding this answer has not been asked in yet is compressed on Fastify's side (asynchronously),
      // which also answers an address over the limit: counted there, this request is counted once.
      const answer = chosen(hit, req);
      if (!answer || limit.hit(clientAddress(req))) return false;
      const reqId = requestIdOf(req);
      write(answer, req, res, ['x-request-id', reqId]);
      app.metrics?.cache.inc({ result: 'hit' });
      // Fastify never sees this request: it is logged and counted here, like those it answers.
      res.once('finish', () =>
        app.answered({
          reqId,
          method: req.method ?? 'GET',
          url: req.url ?? '',
          ...(hit.route ? { route: hit.route } : {}),
          statusCode: res.statusCode,
          responseTime: performance.now() - started,
          cacheHit: true,
        }),
      );
      return true;
    };

    /**
     * The entry's answer in `form`, made now and kept beside the others, unless the catalogue changed meanwhile
     * (the entry is then out of date: this request is its last).
     */
    const madeAnswer = async (url: string, entry: Cached, form: Form): Promise<Representation> => {
      const since = generation;
      const answer = await formOf(entry, form, await plainOf(entry));
      if (since === generation && cache.get(url) === entry) cache.set(url, withForm(entry, form, answer));
      return answer;
    };

    /** The entry's answer in the form this request takes, made now if the entry does not hold it yet. */
    const answerFor = async (url: string, entry: Cached, req: IncomingMessage): Promise<Representation> => {
      const form = formFor(entry, req);
      return entry.forms[form] ?? madeAnswer(url, entry, form);
    };

    // One computation per missing answer: under a burst, the first request fills the cache and the
    // others wait for it instead of all running the same (possibly slow) query at once.
    const filling = new Map<string, Promise<void>>();

    const cacheable = (request: FastifyRequest) =>
      request.routeOptions.config?.cache === true && (request.method === 'GET' || request.method === 'HEAD');

    // Requests the early lane passed on: those that waited for a fill, those over the limit, and inject().
    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!trusted || !cacheable(request)) return;
      const pending = filling.get(request.url);
      if (pending) await pending;
      const hit = lookup(request.raw);
      if (hit === 'limited') throw new HttpError(429, say.api.tooManyRequests);
      if (hit) {
        // The CORS plugin, registered before, has answered this request's Origin; the request id is set.
        const extra = Object.entries(reply.getHeaders()).flatMap(([name, value]) =>
          name.startsWith('access-control-') || name === 'x-request-id' ? [name, String(value)] : [],
        );
        const answer = await answerFor(request.url, hit, request.raw);
        reply.hijack();
        request.cacheHit = true;
        write(answer, request.raw, reply.raw, extra);
        app.metrics?.cache.inc({ result: 'hit' });
        return;
      }
      // Remembered so an answer computed across a change is not stored as current.
      request.cacheGeneration = generation;
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
    });

    // Whatever became of the answer (stored, an error, a client that went away), the waiters go on.
    const releaseWaiters = async (request: FastifyRequest) => request.cacheFill?.();
    app.addHook('onResponse', releaseWaiters);
    app.addHook('onRequestAbort', releaseWaiters);

    // Registered after the security headers and the other onSend hooks, so the stored headers are final.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.routeOptions.config?.changesCatalogue && reply.statusCode < 400) invalidate();
      // The cache is keyed by URL alone: an answer worded for the caller's language (Vary) must not be replayed to others.
      const languageBound = /accept-language/i.test(String(reply.getHeader('vary') ?? ''));
      if (
        request.cacheGeneration === generation &&
        trusted &&
        reply.statusCode === 200 &&
        typeof payload === 'string' &&
        !languageBound
      ) {
        reply.header('x-cache', 'miss');
        app.metrics?.cache.inc({ result: 'miss' });
        const headers = storedHeaders(reply);
        if (headers) {
          const plain = Buffer.from(payload);
          const entry = entryFor(request.routeOptions.url, plain, headers);
          const form = formFor(entry, request.raw);
          const answer = await formOf(entry, form, plain);
          // Stored with the one form made, unless the catalogue changed while it was compressed.
          if (request.cacheGeneration === generation && trusted) cache.set(request.url, withForm(entry, form, answer));
          if (entry.compressible) reply.header('vary', varyWithEncoding(reply.getHeader('vary')));
          reply.header('etag', answer.etag);
          if (!answer.encoding) return payload;
          // Compressed here, from the stored answer: the compression plugin leaves an encoded answer alone.
          reply.header('content-encoding', answer.encoding).removeHeader('content-length');
          return answer.body;
        }
      }
      return payload;
    });
  },
);
