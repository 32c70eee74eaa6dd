import fs from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { allProducts, categories, departments } from './catalog';
import { expectNoSeriousA11yViolations, settled } from './ui';

type Texts = { [key: string]: string | Texts };
const read = (file: string): Texts => JSON.parse(fs.readFileSync(new URL(`../../apps/web/src/i18n/${file}`, import.meta.url), 'utf8')) as Texts;
const AR: Texts = { ...read('ar.json'), checkout: read('checkout.ar.json'), admin: read('admin.ar.json') };

/**
 * The app's Arabic text for a key, as its translation files have it ('checkout.cart.proceed'), with
 * {{placeholders}} filled in: the tests read what the shopper reads without copying the texts.
 */
export function ar(key: string, values: Record<string, string | number> = {}): string {
  let node: string | Texts | undefined = AR;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no Arabic text for ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

/** Brand names (the shop's own, the card scheme's) and codes an Arabic page writes in Latin letters, as Egyptian shops do. */
const BRAND_AND_CODES = ['EGP Shop', 'EGP', 'UTC', 'Visa', 'Stripe'];

/**
 * Latin words shown on the page that are not product data, a person's name, a brand name or a code:
 * untranslated UI text. The catalogue is read around the page; `data` adds what else it may show as
 * typed (people's names, a query). Content marked as being in another language
 * or direction (`lang` other than Arabic, `dir="ltr"`/`dir="auto"`, `translate="no"`, `<bdi>`) is left
 * alone: the app marks fallback content, numbers and codes so for screen readers and the bidi
 * algorithm anyway. Accessible names and placeholders count: a screen-reader user hears them.
 */
export async function latinLeaks(page: Page, data: readonly string[]): Promise<string[]> {
  // Read around the page: other tests add and delete products meanwhile.
  const before = await catalogueTexts(page.request);
  const texts = await page.evaluate(() => {
    const exempt = (element: Element | null): boolean => {
      for (let node = element; node && node !== document.documentElement; node = node.parentElement) {
        const lang = node.getAttribute('lang');
        if (lang && !lang.startsWith('ar')) return true;
        const dir = node.getAttribute('dir');
        if (dir === 'ltr' || dir === 'auto') return true;
        if (node.getAttribute('translate') === 'no') return true;
        if (['BDI', 'SCRIPT', 'STYLE', 'svg'].includes(node.tagName)) return true;
      }
      return false;
    };
    const visible = (element: Element): boolean => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none' && !element.closest('[aria-hidden="true"]');
    };
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (text && parent && !exempt(parent) && (visible(parent) || parent.closest('.visually-hidden'))) found.push(text);
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      // react-toastify names its timer bar 'notification timer' and offers no way to change it.
      if (exempt(element) || !visible(element) || element.matches('.Toastify__progress-bar')) continue;
      for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(attribute);
        if (value) found.push(`${attribute}="${value}"`);
      }
    }
    return found;
  });
  const after = await catalogueTexts(page.request);
  const allowed = new Set([...BRAND_AND_CODES, ...before, ...after, ...data].flatMap(latinWords));
  return texts.filter((text) => latinWords(text.replace(/^[a-z-]+="|"$/g, '')).some((word) => !allowed.has(word) && !isCode(word)));
}

/** An order reference, an id or a model number ('AA814D59', 'd903afb8', 'i5'): no word of a language has digits. */
const isCode = (word: string) => /\d/.test(word);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const latinWords = (text: string): string[] => text.replace(UUID, ' ').match(/[A-Za-z0-9+]*[A-Za-z][A-Za-z0-9+]*/g) ?? [];

/**
 * The catalogue as an Arabic page must show it: each product's, category's and department's Arabic
 * name (the English one only when it has none, as those other tests add), Arabic description and brand. Model numbers and Latin
 * brand names inside Arabic names are product data; an English name shown for a product that has an
 * Arabic one is a screen that forgot to choose.
 */
async function catalogueTexts(request: APIRequestContext): Promise<string[]> {
  const [products, sections] = await Promise.all([allProducts(request), Promise.all([departments(request), categories(request)])]);
  return [
    ...products.flatMap((product) => [product.nameAr ?? product.name, product.brand, product.descriptionAr ?? '']),
    ...sections.flat().map((section) => section.nameAr ?? section.name),
  ];
}

/**
 * What every Arabic page must be: right to left, Arabic, nothing scrolling sideways at the current
 * width, no English UI text left, and no serious axe violation.
 */
export async function expectArabicPage(page: Page, data: readonly string[] = []): Promise<void> {
  await settled(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', /^ar/);
  const width = page.viewportSize()?.width ?? 0;
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `scrollWidth of ${page.url()}` }).toBeLessThanOrEqual(width);
  expect(await latinLeaks(page, data), `English left on ${page.url()}`).toEqual([]);
  await expectNoSeriousA11yViolations(page);
}
