import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fsImageStore } from './image-store.js';
import type { StoredImage } from './images.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-images-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('pictures kept as files', () => {
  it('replace a picture cut short under its name (a write a crash stopped), and leave nothing else behind', async () => {
    const bytes = Buffer.alloc(50_000, 7);
    const image = { name: `${'a'.repeat(32)}.webp`, bytes, contentType: 'image/webp' } as StoredImage;
    fs.writeFileSync(path.join(dir, image.name), bytes.subarray(0, 4096));
    await fsImageStore(dir).put(image);
    expect((await fsImageStore(dir).get(image.name))?.bytes.equals(bytes)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual([image.name]);
  });
});
