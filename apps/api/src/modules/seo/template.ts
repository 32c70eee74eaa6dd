import fs from 'node:fs/promises';
import { BOOTSTRAP_LINK_ID, SERVER_STATE_ID, type Language, type RenderedPage } from '@shop/contracts';

/** The page the web app is served in, made for one language and, for the storefront pages, with a head of its own. */
export interface PageTemplate {
  /**
   * `head` replaces the template's title and description; null keeps them (cart, checkout, account,
   * dashboard). `body`, the app rendered on the server, fills the root element; without it the browser
   * renders the page alone.
   */
  render(language: Language, head: string | null, body?: RenderedPage | null): Promise<string>;
}

const DIRECTION: Record<Language, 'ltr' | 'rtl'> = { en: 'ltr', ar: 'rtl' };

/** boot.js's tag as the build writes it: its opening tag without `>`, and both stylesheets' addresses. */
const BOOT_SCRIPT = /(<script\b[^>]*\bdata-ltr="([^"]*)"[^>]*\bdata-rtl="([^"]*)"[^>]*)><\/script>/;

/**
 * Bootstrap's build for the page's direction, linked in the page itself ahead of boot.js (which links it
 * when the page has no link, in development): the browser's preload scanner finds it at once instead of
 * after the script has loaded and run, a page read without JavaScript is styled, and the script still
 * turns the link to the other build for a shopper whose language differs from the address's. The
 * addresses are the script's data-ltr / data-rtl, which the build fills in.
 */
function withDirectionStyles(page: string, language: Language): string {
  return page.replace(BOOT_SCRIPT, (script: string, tag: string, ltr: string, rtl: string) => {
    const href = DIRECTION[language] === 'rtl' ? rtl : ltr;
    return `${language === 'ar' ? arabicFontPreloads(tag) : ''}<link rel="stylesheet" id="${BOOTSTRAP_LINK_ID}" data-ltr="${ltr}" data-rtl="${rtl}" href="${href}">${script}`;
  });
}

/**
 * The Arabic face's files (the boot script's data-fonts, which the build fills in), preloaded on Arabic pages
 * only: the browser would otherwise find them only once the stylesheet is in and Arabic text laid out, and the
 * text would show in the fallback face and turn over later. English pages never fetch them.
 */
function arabicFontPreloads(bootTag: string): string {
  const fonts = /\bdata-fonts="([^"]*)"/.exec(bootTag)?.[1]?.split(' ').filter(Boolean) ?? [];
  return fonts.map((href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`).join('');
}

/**
 * A page the server rendered is painted before its app loads: the app's entry script and the modules Vite
 * preloads leave the head, and their addresses go on the boot script (data-entry, data-modules), which loads
 * them once the page has been painted. On a slow line the app's 150 KB would otherwise share it with the
 * stylesheets and the pictures the shopper sees first, and its start would hold up the first paint. A page
 * without that script keeps them where they are.
 */
function withAppAfterPaint(page: string): string {
  const modules: string[] = [];
  let entry: string | undefined;
  const without = page
    .replace(/\s*<link rel="modulepreload"[^>]*\bhref="([^"]*)"[^>]*>/g, (_link: string, href: string) => {
      modules.push(href);
      return '';
    })
    .replace(/\s*<script type="module"[^>]*\bsrc="([^"]*)"[^>]*><\/script>/, (_script: string, src: string) => {
      entry = src;
      return '';
    });
  if (!entry || !BOOT_SCRIPT.test(without)) return page;
  const addresses = ` data-entry="${entry}" data-modules="${modules.join(' ')}"`;
  return without.replace(BOOT_SCRIPT, (_script: string, tag: string) => `${tag}${addresses}></script>`);
}

/**
 * The built index.html (apps/web/index.html as Vite writes it), or `fallback` when there is no build. It is
 * read at each render, so a rebuild while the server runs is served at once; rendered pages are cached
 * by the response cache, so that costs a read per page and catalogue change, not per request.
 */
export function pageTemplate(indexFile: string | null, fallback: string): PageTemplate {
  return {
    async render(language, head, body) {
      const page = indexFile ? await fs.readFile(indexFile, 'utf8') : fallback;
      // The boot script sets lang and dir too, but only once it runs: a crawler, or a slow first paint, reads these.
      // data-rendered tells boot.js the body is already written in this language (see there).
      const localized = withDirectionStyles(body ? withAppAfterPaint(page) : page, language).replace(
        /<html[^>]*>/,
        `<html lang="${language}" dir="${DIRECTION[language]}"${body ? ' data-rendered' : ''}>`,
      );
      const filled = body
        ? localized.replace(
            /<div id="root"><\/div>/,
            () =>
              `<div id="root">${body.html}</div><script type="application/json" id="${SERVER_STATE_ID}">${body.state}</script>`,
          )
        : localized;
      if (head === null) return filled;
      // Replaced in place, not added after, so no page has two descriptions and the title stays first. A
      // function, not a string, replaces: '$&' or "$'" in a product's name must stay text, not patterns.
      return filled.replace(/\s*<meta\s+name="description"[^>]*>/, '').replace(/<title>[^<]*<\/title>/, () => head);
    },
  };
}
