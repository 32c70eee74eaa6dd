import { Readable, pipeline } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  compress,
  compressStream,
  isCompressible,
  MIN_COMPRESSED_BYTES,
  preferredEncoding,
  varyWithEncoding,
} from '../lib/compression.js';

/** The length a streamed body declared, or what it would need to be worth compressing when it declared none. */
const declaredLength = (value: unknown) => (value === undefined ? MIN_COMPRESSED_BYTES : Number(value));

/**
 * Text answers over 1 KB leave compressed in the best encoding the client accepts (Brotli, else gzip):
 * a shopper on a slow line waits for bytes, not for the server. Answers that arrive here encoded already
 * (the response cache's, which keeps each encoding it made, and the web build's files, compressed at
 * build) pass through as they are.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('content-encoding') || request.method === 'HEAD') return payload;
    const whole = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : null;
    const body = whole ?? (payload instanceof Readable ? payload : null);
    const length = whole ? Buffer.byteLength(whole) : declaredLength(reply.getHeader('content-length'));
    if (!body || !isCompressible(String(reply.getHeader('content-type') ?? ''), length)) return payload;
    reply.header('vary', varyWithEncoding(reply.getHeader('vary')));
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding).removeHeader('content-length');
    if (!(body instanceof Readable)) return compress(Buffer.from(body), encoding);
    // A failure on either side ends the response; Fastify logs the stream's error.
    return pipeline(body, compressStream(encoding), () => {});
  });
});
