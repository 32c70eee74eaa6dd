import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { say } from '@shop/contracts';
import { badRequest } from './errors.js';

// libvips keeps recent operations and their pixels (up to 50 MB) for a repeat: the server makes each picture
// and each width once and keeps the result, so that cache only holds memory (docs/performance.md).
sharp.cache(false);

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const MAX_SIDE = 1200;
const MAX_INPUT_PIXELS = 40_000_000;

export interface StoredImage {
  name: string;
  bytes: Buffer;
  contentType: 'image/webp';
}

/** png or jpeg by their first bytes, whatever the file name or declared type says. */
export function isPngOrJpeg(bytes: Buffer): boolean {
  return bytes.subarray(0, 8).equals(PNG_MAGIC) || bytes.subarray(0, 3).equals(JPEG_MAGIC);
}

/**
 * Markup a browser would run if it ever sniffed the file as a page: an image carrying it is a polyglot
 * (valid as an image and as HTML/SVG/PHP), made to be served back. Matched in the raw bytes, any case.
 */
const EMBEDDED_MARKUP =
  /<(script|html|body|iframe|svg|object|embed|\?php|!doctype)[\s>/]|javascript:|onerror\s*=|onload\s*=/i;

/** True when the bytes carry a script or a page anywhere: in a text chunk, a comment, or after the image's end. */
export function carriesMarkup(bytes: Buffer): boolean {
  return EMBEDDED_MARKUP.test(bytes.toString('latin1'));
}

/**
 * Re-encodes an upload to webp: a decoder pass drops anything hidden in the original file
 * (scripts in a polyglot, metadata), and the content hash makes the name immutable.
 */
export async function toWebp(bytes: Buffer): Promise<StoredImage> {
  if (!isPngOrJpeg(bytes)) throw badRequest(say.api.imageType);
  // Re-encoding would drop it, but an image built to be a page too is an attack: refused, not cleaned.
  if (carriesMarkup(bytes)) throw badRequest(say.api.imageWithMarkup);
  let output: Buffer;
  try {
    output = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw badRequest(say.api.imageUnreadable);
  }
  const name = `${createHash('sha256').update(output).digest('hex').slice(0, 32)}.webp`;
  return { name, bytes: output, contentType: 'image/webp' };
}

export const imageUrl = (name: string) => `/uploads/${name}`;

/** A picture as uploaded: its content's hash. */
export const isOriginalName = (name: string) => /^[a-f0-9]{32}\.webp$/.test(name);

/** The stored name of a picture's copy `width` pixels wide: derived from the original's, so found again. */
export const resizedName = (name: string, width: number) => name.replace(/\.webp$/, `-w${width}.webp`);

/**
 * A name this shop gave a stored picture: an original's, or a copy's (resizedName). Nothing else is ever
 * looked up, so no name reaches outside the store.
 */
export const isStoredName = (name: string) => isOriginalName(name.replace(/-w\d{3,4}\.webp$/, '.webp'));

/** A stored picture made `width` pixels wide (never wider than it is), for pages that show it small. */
export async function resized(name: string, bytes: Buffer, width: number): Promise<StoredImage> {
  const output = await sharp(bytes).resize({ width, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
  return { name: resizedName(name, width), bytes: output, contentType: 'image/webp' };
}
