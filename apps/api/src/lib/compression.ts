import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** The encodings the shop sends, in the order it prefers them: Brotli is a fifth smaller than gzip on its pages. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Below this, the headers and the work cost more than the bytes saved. */
export const MIN_COMPRESSED_BYTES = 1024;

const TEXT_TYPES = /^(text\/|application\/(json|xml|javascript|manifest\+json)|image\/svg\+xml)/i;

/** Text worth compressing; pictures and archives are compressed already. */
export const isCompressible = (contentType: string | undefined, length: number) =>
  length >= MIN_COMPRESSED_BYTES && TEXT_TYPES.test(contentType ?? '');

/**
 * Accept-Encoding values already read, and what they chose. Browsers send a handful of values, and reading one
 * cost as much as a good part of a cached answer's work; any number of values may arrive, so the
 * memory starts over past a bound.
 */
const readHeaders = new Map<string, Encoding | null>();
const MAX_READ_HEADERS = 256;

/** The encoding to answer in, from the request's Accept-Encoding (with its q-values), or null for none. */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return null;
  const known = readHeaders.get(header);
  if (known !== undefined) return known;
  if (readHeaders.size >= MAX_READ_HEADERS) readHeaders.clear();
  const chosen = readAcceptEncoding(header);
  readHeaders.set(header, chosen);
  return chosen;
}

function readAcceptEncoding(header: string): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    weights.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  return ENCODINGS.find((encoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0) ?? null;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

// Quality 4 and level 6: answers are compressed as they are made, and most searches are made once, so speed
// counts as much as size (Brotli 4 is faster than gzip 6 and still smaller; 5 is three times slower for 9% fewer
// bytes). Static files are compressed at build, harder.
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * Brotli's window, as a power of two: no larger than the body needs. Its default (4 MB) is memory each of the
 * thread pool's compressions holds, for answers of a few kilobytes; a window the size of the body compresses them
 * to the same bytes.
 */
const windowBits = (length: number) =>
  Math.min(
    zlib.constants.BROTLI_DEFAULT_WINDOW,
    Math.max(zlib.constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(length + 1))),
  );

/** The body in the encoding, off the event loop (zlib's thread pool). */
export const compress = (body: Buffer, encoding: Encoding): Promise<Buffer> =>
  encoding === 'br'
    ? brotli(body, {
        params: {
          ...BROTLI_OPTIONS.params,
          [zlib.constants.BROTLI_PARAM_LGWIN]: windowBits(body.length),
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzip(body, { level: 6 });

const brotliDecompress = promisify(zlib.brotliDecompress);
const gunzip = promisify(zlib.gunzip);

/** The bytes `compress` made, as they were (off the event loop). */
export const decompress = (body: Buffer, encoding: Encoding): Promise<Buffer> =>
  encoding === 'br' ? brotliDecompress(body) : gunzip(body);

/** A streamed body's compressing stream. */
export const compressStream = (encoding: Encoding) =>
  encoding === 'br' ? zlib.createBrotliCompress(BROTLI_OPTIONS) : zlib.createGzip({ level: 6 });

/** Adds Accept-Encoding to a Vary header's value, keeping what is there. */
export function varyWithEncoding(vary: string | number | string[] | undefined): string {
  const current = vary === undefined ? '' : [vary].flat().join(', ');
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return current;
  return current ? `${current}, Accept-Encoding` : 'Accept-Encoding';
}
