import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { createProduct } from '../../test/fixtures.js';
import { readFromCache, readUntilHit } from '../../test/cache-reads.js';

let t: TestContext;
let webDist: string;
const SCRIPT = `console.log(${JSON.stringify('a shop script '.repeat(200))});\n`;

beforeAll(async () => {
  // A web build as the web app's build leaves it: each text file with its Brotli and gzip copies beside it.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  const script = path.join(webDist, 'assets', 'app-1.js');
  fs.writeFileSync(script, SCRIPT);
  fs.writeFileSync(`${script}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${script}.gz`, zlib.gzipSync(SCRIPT));
  t = await createTestApp({ WEB_DIST: webDist });
  for (let i = 0; i < 6; i++) await createProduct(t.app.db, { price: 100 + i, stock: 5 });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding ? { ...headers, 'accept-encoding': acceptEncoding } : headers,
  });

const decoded = (res: { rawPayload: Buffer; headers: Record<string, unknown> }): string => {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
  return res.rawPayload.toString();
};

describe('compressed answers', () => {
  it('sends a cached catalogue read in the encoding the client prefers, the same answer each time', async () => {
    const url = '/api/product?pageSize=6';
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    for (const [accepted, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip, deflate', 'gzip'],
    ] as const) {
      // An address of its own, so that its first answer is computed (a miss) in this encoding.
      const { stored, hit } = await readUntilHit((u) => get(u, accepted), `${url}&as=${encoding}`);
      for (const res of [stored, hit]) {
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
        expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
        expect(JSON.parse(decoded(res))).toEqual(plain.json());
      }
      expect(hit.headers.etag).toBe(stored.headers.etag);
      // Different bytes, different versions: a copy of one encoding never revalidates another.
      expect(hit.headers.etag).not.toBe(plain.headers.etag);
      const again = await get(`${url}&as=${encoding}`, accepted, { 'if-none-match': String(hit.headers.etag) });
      expect(again.statusCode).toBe(304);
    }
    // The plain answer, stored first, is then compressed for the encodings asked for after it.
    await readFromCache((u) => get(u), url);
    const [br, gzip] = [await get(url, 'br'), await get(url, 'gzip')];
    expect([br.headers['x-cache'], gzip.headers['x-cache']]).toEqual(['hit', 'hit']);
    expect(JSON.parse(decoded(br))).toEqual(JSON.parse(decoded(gzip)));
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
  });

  it('keeps a compressed answer compressed, and makes it plain again for a client that takes no encoding', async () => {
    const url = '/api/product?pageSize=6&first=br';
    const plain = (await get('/api/product?pageSize=6')).json();
    // Stored in Brotli only, by its first reader: the other forms are made from those bytes.
    await readUntilHit((u) => get(u, 'br'), url);
    for (const accepted of [undefined, 'gzip', 'br']) {
      const res = await readFromCache((u) => get(u, accepted), url);
      expect(res.headers['content-encoding']).toBe(accepted);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(JSON.parse(decoded(res))).toEqual(plain);
    }
    const etags = await Promise.all(
      [undefined, 'gzip', 'br'].map(async (accepted) => (await get(url, accepted)).headers.etag),
    );
    expect(new Set(etags).size).toBe(3);
  });

  it('answers a compressed copy from memory over a real connection', async () => {
    const server = await t.sibling();
    const base = await server.listen({ port: 0, host: '127.0.0.1' });
    const raw = (url: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; rawPayload: Buffer }>((resolve, reject) =>
        http
          .get(`${base}${url}`, { headers: { 'accept-encoding': 'br' } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ headers: res.headers, rawPayload: Buffer.concat(chunks) }));
          })
          .on('error', reject),
      );
    const url = '/api/product?pageSize=6&over=socket';
    const { hit } = await readUntilHit(async (u) => {
      const res = await raw(u);
      return { ...res, json: () => JSON.parse(decoded(res)) as unknown };
    }, url);
    expect(hit.headers['content-encoding']).toBe('br');
    expect(Number(hit.headers['content-length'])).toBe(hit.rawPayload.length);
    expect(hit.json()).toEqual((await get(url)).json());
  });

  it('compresses answers that are not cached, honouring q=0, and leaves small ones alone', async () => {
    const docs = await get('/api/docs/json', 'br;q=0, gzip');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(docs))).toHaveProperty('openapi');

    const health = await get('/api/health', 'br');
    expect(health.rawPayload.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('compresses a streamed answer as it goes', async () => {
    const plain = await get('/sitemap-1.xml');
    const res = await get('/sitemap-1.xml', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(decoded(res)).toBe(plain.body);
    expect(plain.body).toContain('<urlset');
  });

  it('serves the web build’s own compressed copies of its files', async () => {
    const br = await get('/assets/app-1.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(decoded(br)).toBe(SCRIPT);
    const gz = await get('/assets/app-1.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(SCRIPT);
    const plain = await get('/assets/app-1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });
});
