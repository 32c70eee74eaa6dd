import fs from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { allProducts, categories, departments } from './catalog';
import { expectNoSeriousA11yViolations, settled } from './ui';

type Texts = { [key: string]: string | Texts };
const read = (file: string): Texts =>
  JSON.parse(fs.readFileSync(new URL(`../../apps/web/src/i18n/${file}`, import.meta.url), 'utf8')) as Texts;
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

/**
 * Opens the shop in Arabic from the first page on, as for a shopper who chose it before (the choice the
 * language switch stores): the tests of the switch itself click it.
 */
export async function openInArabic(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (!window.localStorage.getItem('shop.language')) window.localStorage.setItem('shop.language', 'ar');
  });
}

/** Brand names (the shop's own, the card scheme's) and codes an Arabic page writes in Latin letters, as Egyptian shops do. */
const BRAND_AND_CODES = ['EGP Shop', 'EGP', 'UTC', 'Visa', 'Stripe', 'CSV'];

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
  const [before, texts] = await Promise.all([catalogueTexts(page.request), page.evaluate(shownTexts)]);
  const after = await catalogueTexts(page.request);
  const allowed = new Set([...BRAND_AND_CODES, ...before, ...after, ...data].flatMap(latinWords));
  return texts.filter((text) =>
    latinWords(text.replace(/^[a-z-]+="|"$/g, '')).some((word) => !allowed.has(word) && !isCode(word)),
  );
}

/**
 * The texts, accessible names and placeholders the page shows, read in one walk over the body inside
 * the page. A subtree marked as another language or direction, hidden from screen readers, or a script,
 * style or icon is skipped whole.
 */
function shownTexts(): string[] {
  const skipped = (element: Element): boolean => {
    const lang = element.getAttribute('lang');
    const dir = element.getAttribute('dir');
    return (
      (!!lang && !lang.startsWith('ar')) ||
      dir === 'ltr' ||
      dir === 'auto' ||
      element.getAttribute('translate') === 'no' ||
      element.getAttribute('aria-hidden') === 'true' ||
      ['BDI', 'SCRIPT', 'STYLE', 'svg'].includes(element.tagName)
    );
  };
  const visible = (element: Element): boolean => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) return false;
    const style = getComputedStyle(element);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };
  const found: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node instanceof Element && skipped(node) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
  });
  // Whether an element is shown is asked once, by its first text or its own attributes.
  const shown = new Map<Element, boolean>();
  const isShown = (element: Element): boolean => {
    let value = shown.get(element);
    if (value === undefined) shown.set(element, (value = visible(element)));
    return value;
  };
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Element) {
      // react-toastify names its timer bar 'notification timer' and offers no way to change it.
      if (
        !node.matches('[aria-label], [placeholder], [title], img[alt]') ||
        node.matches('.Toastify__progress-bar') ||
        !isShown(node)
      )
        continue;
      for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = node.getAttribute(attribute);
        if (value) found.push(`${attribute}="${value}"`);
      }
      continue;
    }
    const parent = node.parentElement;
    const text = node.textContent?.trim();
    if (text && parent && (isShown(parent) || parent.closest('.visually-hidden'))) found.push(text);
  }
  return found;
}

/**
 * An order number, an id or a model number ('AA814D59', 'd903afb8', 'i5'): no word of a language has digits. An
 * order number is hex and may have none ('BFACFBCC', one order in 2,600), so eight capitals from A to F are one too.
 */
const isCode = (word: string) => /\d/.test(word) || /^[A-F]{8}$/.test(word);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const latinWords = (text: string): string[] =>
  text.replace(UUID, ' ').match(/[A-Za-z0-9+]*[A-Za-z][A-Za-z0-9+]*/g) ?? [];

/**
 * The catalogue as an Arabic page must show it: each product's, category's and department's Arabic
 * name (the English one only when it has none, as those other tests add), Arabic description and brand. Model numbers and Latin
 * brand names inside Arabic names are product data; an English name shown for a product that has an
 * Arabic one is a screen that forgot to choose.
 */
async function catalogueTexts(request: APIRequestContext): Promise<string[]> {
  const [products, sections] = await Promise.all([
    allProducts(request),
    Promise.all([departments(request), categories(request)]),
  ]);
  return [
    ...products.flatMap((product) => [product.nameAr ?? product.name, product.brand, product.descriptionAr ?? '']),
    ...sections.flat().map((section) => section.nameAr ?? section.name),
  ];
}

/**
 * The axe rules a translation can break: the page's and its parts' languages, the names of controls,
 * links and images, form labels and ARIA attributes. Colours, structure and keyboard order are the
 * English page's; the accessibility tests scan those with every rule.
 */
const TRANSLATION_RULES = [
  'cat.language',
  'cat.name-role-value',
  'cat.text-alternatives',
  'cat.forms',
  'cat.aria',
] as const;

/**
 * What every Arabic page must be: right to left, Arabic, nothing scrolling sideways at the current
 * width, no English UI text left, and no serious violation of the axe rules a translation can break.
 */
export async function expectArabicPage(page: Page, data: readonly string[] = []): Promise<void> {
  await settled(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', /^ar/);
  const width = page.viewportSize()?.width ?? 0;
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `scrollWidth of ${page.url()}` })
    .toBeLessThanOrEqual(width);
  expect(await latinLeaks(page, data), `English left on ${page.url()}`).toEqual([]);
  await expectNoSeriousA11yViolations(page, { tags: TRANSLATION_RULES });
}
