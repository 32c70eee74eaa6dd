import { describe, expect, it } from 'vitest';
import { isCompressible, preferredEncoding, varyWithEncoding } from './compression.js';

describe('preferredEncoding', () => {
  it('prefers Brotli, then gzip, as browsers offer them', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding(['gzip', 'br'])).toBe('br');
  });

  it('honours q-values and the wildcard, and sends nothing compressed to a client that takes neither', () => {
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('deflate')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});

describe('isCompressible', () => {
  it('takes text of 1 KB or more, never pictures', () => {
    expect(isCompressible('application/json; charset=utf-8', 1024)).toBe(true);
    expect(isCompressible('text/html; charset=utf-8', 5000)).toBe(true);
    expect(isCompressible('image/svg+xml', 2000)).toBe(true);
    expect(isCompressible('application/json', 1023)).toBe(false);
    expect(isCompressible('image/webp', 50_000)).toBe(false);
    expect(isCompressible(undefined, 50_000)).toBe(false);
  });
});

describe('varyWithEncoding', () => {
  it('adds Accept-Encoding once, keeping what the answer varies on already', () => {
    expect(varyWithEncoding(undefined)).toBe('Accept-Encoding');
    expect(varyWithEncoding('Accept-Language')).toBe('Accept-Language, Accept-Encoding');
    expect(varyWithEncoding('accept-encoding')).toBe('accept-encoding');
    expect(varyWithEncoding('*')).toBe('*');
  });
});
