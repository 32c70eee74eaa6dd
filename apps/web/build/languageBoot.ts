import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Plugin, Rollup } from 'vite';

const require = createRequire(import.meta.url);

/** Bootstrap's two builds (only the page's direction is downloaded) and the script that picks one. */
const FILES = {
  ltr: require.resolve('bootstrap/dist/css/bootstrap.min.css'),
  rtl: require.resolve('bootstrap/dist/css/bootstrap.rtl.min.css'),
  boot: fileURLToPath(new URL('../src/i18n/boot.js', import.meta.url)),
};
type Key = keyof typeof FILES;
const KEYS = Object.keys(FILES) as Key[];
const fileName = (key: Key) => FILES[key].split('/').pop() ?? key;

// The published CSS names a source map that is not shipped.
const contents = (key: Key) => readFileSync(FILES[key], 'utf8').replace(/\/\*# sourceMappingURL=.*?\*\/\s*$/, '');

/** The files of the Arabic face (theme.css's @font-face): the server preloads them on Arabic pages. */
const ARABIC_FONT = /^cairo-arabic-\d+-normal\.woff2$/;

/** The built addresses of the Arabic face's files, space-separated; none in the dev server. */
function arabicFonts(bundle: Rollup.OutputBundle | undefined, base: string): string {
  return Object.values(bundle ?? {})
    .filter((item) => item.type === 'asset' && item.names.some((name) => ARABIC_FONT.test(name)))
    .map((item) => `${base}${item.fileName}`)
    .sort()
    .join(' ');
}

/**
 * Puts src/i18n/boot.js first in <head>, with the addresses of both Bootstrap builds: the script
 * links the one for the visitor's language before the first paint. In a build the three files are
 * hashed assets (cached for good like the rest); the dev server serves them from where they are.
 */
export function languageBoot(): Plugin {
  let base = '/';
  return {
    name: 'shop:language-boot',
    configResolved(config) {
      base = config.base;
    },
    buildStart() {
      if (this.environment.mode !== 'build') return;
      for (const key of KEYS) this.emitFile({ type: 'asset', name: fileName(key), source: contents(key) });
    },
    transformIndexHtml: {
      // After the bundle is written, when the emitted files have their hashed names.
      order: 'post',
      handler(html, ctx) {
        const url = (key: Key) => {
          if (ctx.server) return `/@fs${FILES[key]}`;
          const asset = Object.values(ctx.bundle ?? {}).find(
            (item) => item.type === 'asset' && item.names.includes(fileName(key)),
          );
          if (!asset) throw new Error(`languageBoot: ${fileName(key)} was not emitted`);
          return `${base}${asset.fileName}`;
        };
        return [
          {
            tag: 'script',
            attrs: {
              src: url('boot'),
              'data-ltr': url('ltr'),
              'data-rtl': url('rtl'),
              'data-fonts': arabicFonts(ctx.bundle, base),
            },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
