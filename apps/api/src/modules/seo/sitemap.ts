import { asc, count, gt } from 'drizzle-orm';
import { LANGUAGES, SHOP_PAGES, WEB_PATHS, type Language } from '@shop/contracts';
import type { DbOrTx } from '../../db/client.js';
import { categories, departments, products } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { escapeMarkup } from '../../lib/markup.js';
import { pathFor, siteAt, storefrontPath, type PagePath, type Site } from './site.js';

/** The protocol's limit of addresses in one sitemap file. */
export const URLS_PER_FILE = 50_000;
/** Each page is listed once per language. */
const PAGES_PER_FILE = URLS_PER_FILE / LANGUAGES.length;
/** Rows read per query: memory stays at one batch however large the catalogue (as the CSV export reads). */
const BATCH = 1000;

/** The sitemap files' route, and the address of the n-th file (from 1) as the index lists it. */
export const SITEMAP_FILE_ROUTE = '/sitemap-:n.xml';
const sitemapFile = (n: number) => SITEMAP_FILE_ROUTE.replace(':n', String(n));

interface Entry {
  path: PagePath;
  lastmod: Date | null;
}

/** A row of the catalogue as its page's address needs it. */
interface Row {
  id: string;
  name: string;
  nameAr: string | null;
}

/**
 * The catalogue's pages, kind by kind: every table has an id, a name in each language (a product's address names it)
 * and an updated_at (its lastmod).
 */
const SECTIONS = [
  { table: departments, path: (row: Row) => storefrontPath.department(row.id) },
  { table: categories, path: (row: Row) => storefrontPath.category(row.id) },
  { table: products, path: (row: Row) => storefrontPath.product({ ...row, _id: row.id }) },
] as const;
type Section = (typeof SECTIONS)[number];

/** The pages that are no row of the catalogue: the first file. */
const FIXED_PAGES: Entry[] = [
  { path: WEB_PATHS.home, lastmod: null },
  { path: WEB_PATHS.about, lastmod: null },
  ...SHOP_PAGES.map((page) => ({ path: storefrontPath.shopPage(page), lastmod: null })),
];

/** What one file lists: the fixed pages, or the `chunk`-th run of PAGES_PER_FILE rows of a section. */
type Part = 'fixed' | { section: Section; chunk: number };

/** Every file, in order: a section of N rows takes ⌈N / PAGES_PER_FILE⌉ of them. */
async function filesOf(db: DbOrTx): Promise<Part[]> {
  const counts = await Promise.all(SECTIONS.map((section) => db.select({ n: count() }).from(section.table)));
  return [
    'fixed',
    ...SECTIONS.flatMap((section, i) =>
      Array.from({ length: Math.ceil((counts[i]?.[0]?.n ?? 0) / PAGES_PER_FILE) }, (_, chunk) => ({ section, chunk })),
    ),
  ];
}

/**
 * A run of rows in id order, a batch at a time, each batch starting after the last one's id (keyset).
 * The run's start is found once, by skipping on the primary key's index.
 */
async function* rowsOf(db: DbOrTx, { section, chunk }: { section: Section; chunk: number }): AsyncGenerator<Entry[]> {
  const { table } = section;
  const skip = chunk * PAGES_PER_FILE;
  let after: string | undefined;
  if (skip) {
    const [last] = await db
      .select({ id: table.id })
      .from(table)
      .orderBy(asc(table.id))
      .offset(skip - 1)
      .limit(1);
    if (!last) return;
    after = last.id;
  }
  const batch = (from: string | undefined) => {
    const rows = db
      .select({ id: table.id, name: table.name, nameAr: table.nameAr, lastmod: table.updatedAt })
      .from(table)
      .where(from ? gt(table.id, from) : undefined)
      .orderBy(asc(table.id))
      .limit(BATCH)
      .execute();
    // Awaited below, unless the reader went away first: its failure then is nobody's to report.
    rows.catch(() => undefined);
    return rows;
  };
  let next = batch(after);
  for (let read = BATCH; ; read += BATCH) {
    const rows = await next;
    after = rows.length === BATCH && read < PAGES_PER_FILE ? rows.at(-1)?.id : undefined;
    // The next batch is asked for before this one is written: the database reads while this process writes.
    if (after) next = batch(after);
    if (rows.length) yield rows.map((row) => ({ path: section.path(row), lastmod: row.lastmod }));
    if (!after) return;
  }
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/**
 * A page once per language, each naming the others (hreflang), as Google reads alternates in sitemaps.
 * `xmlSite` is the site at its escaped origin: escaping the path once escapes every address made of it
 * (the language prefix has nothing to escape), a fifth of the time at 200,000 addresses.
 */
function urlsOf(entry: Entry, xmlSite: Site): string {
  const escaped = (language: Language) => escapeMarkup(pathFor(entry.path, language));
  const path = typeof entry.path === 'string' ? escapeMarkup(entry.path) : { en: escaped('en'), ar: escaped('ar') };
  const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : '';
  const links = xmlSite
    .alternates(path)
    .map(({ hreflang, href }) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${href}"/>`)
    .join('');
  return LANGUAGES.map((language) => `<url><loc>${xmlSite.page(path, language)}</loc>${lastmod}${links}</url>\n`).join(
    '',
  );
}

async function* urlset(db: DbOrTx, xmlSite: Site, part: Part): AsyncGenerator<string> {
  yield `${XML_DECLARATION}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;
  const batches = part === 'fixed' ? [FIXED_PAGES] : rowsOf(db, part);
  for await (const entries of batches) yield entries.map((entry) => urlsOf(entry, xmlSite)).join('');
  yield '</urlset>\n';
}

/**
 * The sitemap: an index of files of at most 50,000 addresses each, every product, category and department
 * in both languages. A file is written as it is read, so its memory stays at one batch of rows.
 */
export function sitemaps(db: DbOrTx, publicUrl: string) {
  const site = siteAt(publicUrl);
  const xmlSite = siteAt(escapeMarkup(publicUrl));
  return {
    async index(): Promise<string> {
      const files = (await filesOf(db)).map(
        (_, i) => `<sitemap><loc>${escapeMarkup(site.file(sitemapFile(i + 1)))}</loc></sitemap>\n`,
      );
      return `${XML_DECLARATION}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files.join('')}</sitemapindex>\n`;
    },

    /** The n-th file (from 1, as the index numbers them); a number the index does not list is a 404. */
    async file(n: string): Promise<AsyncGenerator<string>> {
      const part = /^[1-9]\d{0,5}$/.test(n) ? (await filesOf(db))[Number(n) - 1] : undefined;
      if (!part) throw notFound();
      return urlset(db, xmlSite, part);
    },
  };
}
