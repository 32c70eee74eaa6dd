import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT_FILES = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else if (TEXT_FILES.test(entry.name)) yield file;
  }
}

/**
 * Writes `file.br` and `file.gz` beside every text file of the build, at the strongest settings: they
 * are made once and served many times (the API's static files and nginx pick them by Accept-Encoding),
 * where compressing on each request would cost the server time and the shopper bytes.
 */
export function precompress(): Plugin {
  let outDir = '';
  let skip = false;
  return {
    name: 'shop:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      // The server bundle is imported by the API, never sent to a browser.
      skip = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (skip) return;
      for await (const file of filesUnder(outDir)) {
        if ((await stat(file)).size < MIN_BYTES) continue;
        const bytes = await readFile(file);
        await writeFile(
          `${file}.br`,
          await brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } }),
        );
        await writeFile(`${file}.gz`, await gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}
