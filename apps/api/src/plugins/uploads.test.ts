import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toWebp } from '../lib/images.js';
import { createTestApp, type TestContext } from '../../test/harness.js';

let t: TestContext;
let name: string;
beforeAll(async () => {
  t = await createTestApp();
  const png = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  const image = await toWebp(png);
  await t.app.images.put(image);
  name = image.name;
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const widthOf = async (bytes: Buffer) => (await sharp(bytes).metadata()).width;

describe('uploaded pictures', () => {
  it('serves the picture as uploaded, and a narrower copy for each width a page asks for', async () => {
    const original = await get(`/uploads/${name}`);
    expect(original.statusCode).toBe(200);
    expect(await widthOf(original.rawPayload)).toBe(1000);
    for (const width of [200, 400, 800]) {
      const copy = await get(`/uploads/${name}?w=${width}`);
      expect(copy.statusCode).toBe(200);
      expect(copy.headers['content-type']).toBe('image/webp');
      expect(copy.headers['cache-control']).toContain('immutable');
      expect(await widthOf(copy.rawPayload)).toBe(width);
      expect(copy.rawPayload.length).toBeLessThan(original.rawPayload.length);
    }
  });

  it('keeps a copy once made: the next asking gets the same bytes from the store', async () => {
    const first = await get(`/uploads/${name}?w=400`);
    const kept = await t.app.images.get(name.replace('.webp', '-w400.webp'));
    expect(kept?.bytes.equals(first.rawPayload)).toBe(true);
    expect((await get(`/uploads/${name}?w=400`)).rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('refuses other widths, and finds no copy of a picture that is not there or of a copy', async () => {
    expect((await get(`/uploads/${name}?w=300`)).statusCode).toBe(400);
    expect((await get(`/uploads/${name}?w=abc`)).statusCode).toBe(400);
    expect((await get(`/uploads/${'0'.repeat(32)}.webp?w=200`)).statusCode).toBe(404);
    expect((await get(`/uploads/${name.replace('.webp', '-w400.webp')}?w=200`)).statusCode).toBe(404);
    expect((await get(`/uploads/..%2Fsecret.webp?w=200`)).statusCode).toBe(404);
  });
});
