import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { count, eq, sql } from 'drizzle-orm';
import {
  API_MSG,
  API_MSG_AR,
  MSG,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  OPTIONAL_PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_COLUMNS,
  RULE_MSG,
  RULE_MSG_AR,
  VARIANT_CSV_COLUMNS,
  type CatalogueCsvColumn,
  type ProductImport,
  type ProductImportRejections,
} from '@shop/contracts';
import {
  auditLogs,
  cartItems,
  categories,
  departments,
  productImports,
  products,
  productVariants,
} from '../../../db/schema.js';
import {
  createAdmin,
  createTestApp,
  registerShopper,
  type Account,
  type TestContext,
} from '../../../../test/harness.js';
import {
  ADDRESS,
  createCategory,
  createProduct,
  createVariantProduct,
  sizeOption,
  type CategoryRow,
  type DepartmentRow,
} from '../../../../test/fixtures.js';
import { multipart } from '../../../../test/multipart.js';
import { readUntilHit } from '../../../../test/cache-reads.js';
import { addDays, cairoDay } from '../../../lib/clock.js';
import { seedIfEmpty } from '../../../seed/index.js';
import { loadVariants } from '../../variants/service.js';
import { applyBatch, claimNext } from './job.js';
import { fileRows } from './parse.js';
import { rowChecker } from './validate.js';
import { createImportWorker } from './worker.js';

const PUBLIC_URL = 'https://shop.example.eg';
/** The columns a file must have: all the export's but those older files lack. */
const REQUIRED_COLUMNS = PRODUCT_CSV_COLUMNS.filter(
  (column) => !(OPTIONAL_PRODUCT_CSV_COLUMNS as readonly string[]).includes(column),
);
const SLOW = 120_000;

type Row = Partial<Record<CatalogueCsvColumn, string>>;
const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
/** A file as the export writes it: a header, CRLF lines, quoted where needed. */
const csvOf = (rows: Row[], header: readonly string[] = PRODUCT_CSV_COLUMNS) =>
  [header.join(','), ...rows.map((row) => header.map((c) => quote(row[c as CatalogueCsvColumn] ?? '')).join(','))]
    .map((line) => `${line}\r\n`)
    .join('');

interface UploadOptions {
  createMissing?: boolean;
  headers?: Record<string, string>;
  field?: string;
}

function uploadTo(t: TestContext, admin: Account, body: string | Buffer, options: UploadOptions = {}) {
  const form = multipart(options.createMissing === undefined ? {} : { createMissing: String(options.createMissing) }, [
    { field: options.field ?? 'file', filename: 'products.csv', contentType: 'text/csv', data: Buffer.from(body) },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/products/imports',
    headers: { ...admin.headers, ...form.headers, ...options.headers },
    payload: form.payload,
  });
}

async function checked(t: TestContext, admin: Account, body: string | Buffer, options: UploadOptions = {}) {
  const res = await uploadTo(t, admin, body, options);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ProductImport>();
}

const jobOf = async (t: TestContext, admin: Account, id: string) =>
  (await t.app.inject({ url: `/api/admin/products/imports/${id}`, headers: admin.headers })).json<ProductImport>();

async function rejectionsOf(t: TestContext, admin: Account, id: string, page = 1, language = 'en') {
  const res = await t.app.inject({
    url: `/api/admin/products/imports/${id}/rejections?page=${page}`,
    headers: { ...admin.headers, 'accept-language': language },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductImportRejections>();
}

/** Applies a checked import and waits for the worker to end it. */
async function applied(t: TestContext, admin: Account, id: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/products/imports/${id}/apply`,
    headers: admin.headers,
  });
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json<ProductImport>().status).toBe('queued');
  await t.app.productImports.flush();
  return jobOf(t, admin, id);
}

/** Every row of the catalogue's tables, as one digest per table. */
async function catalogueDigest(t: TestContext) {
  const digest = async (table: string) =>
    (
      await t.app.db.execute<{ h: string }>(
        sql.raw(`select md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h from ${table} x`),
      )
    ).rows[0]?.h;
  return {
    products: await digest('products'),
    categories: await digest('categories'),
    departments: await digest('departments'),
    variants: await digest('product_variants'),
    searchWords: await digest('search_words'),
  };
}

/** An exported row split into its product's cells and its variant's, the last (no commas in those). */
function variantCells(line: string) {
  const cells = line.split(',');
  return {
    product: cells.slice(0, -VARIANT_CSV_COLUMNS.length).join(','),
    variant: cells.slice(-VARIANT_CSV_COLUMNS.length),
  };
}
const withVariant = (product: string, variant: string[]) => [product, ...variant].join(',');

const exportCsv = async (t: TestContext, admin: Account) =>
  (await t.app.inject({ url: '/api/admin/products/export', headers: admin.headers })).body;

describe('the demo catalogue, exported and imported back', () => {
  let t: TestContext;
  let admin: Account;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
    await seedIfEmpty({ db: t.app.db, images: t.app.images, log: () => {} });
    admin = await createAdmin(t.app);
  }, SLOW);
  afterAll(() => t.close());

  it(
    'is found unchanged by the dry run and changes nothing when applied',
    async () => {
      const before = await catalogueDigest(t);
      const file = await exportCsv(t, admin);
      // A row per product sold as one thing, a row per variant of one sold in variants: counted by product.
      const [{ variants = 0 } = {}] = await t.app.db.select({ variants: count() }).from(productVariants);
      const [{ soldInVariants = 0 } = {}] = await t.app.db
        .select({ soldInVariants: count() })
        .from(products)
        .where(sql`${products.options} <> '[]'::jsonb`);
      expect(variants).toBeGreaterThan(soldInVariants);
      const rows = 200 - soldInVariants + variants;
      expect(file.split('\r\n').length - 2).toBe(rows);
      const job = await checked(t, admin, file);
      expect(job).toMatchObject({
        status: 'checked',
        totalRows: rows,
        doneRows: 0,
        check: { add: 0, update: 0, unchanged: 200, reject: 0, newDepartments: [], newCategories: [] },
        result: null,
      });
      const done = await applied(t, admin, job._id);
      expect(done).toMatchObject({
        status: 'done',
        doneRows: rows,
        result: { add: 0, update: 0, unchanged: 200, reject: 0 },
      });
      expect(await catalogueDigest(t)).toEqual(before);
      expect(await exportCsv(t, admin)).toBe(file);
      // The demo's warranties travel with their products.
      expect(file).toContain(',2-year official Egyptian agent warranty,ضمان الوكيل الرسمي في مصر لمدة عامين,');
    },
    SLOW,
  );

  it(
    'applies what an admin changed in the file, and nothing else',
    async () => {
      const file = await exportCsv(t, admin);
      const [header = '', ...lines] = file.split('\r\n');
      // A product sold as one thing: one with options keeps its variants' lowest price whatever a file says.
      const soldAsOne = await t.app.db
        .select({ id: products.id })
        .from(products)
        .where(sql`${products.options} = '[]'::jsonb`);
      const at = lines.findIndex((line) => soldAsOne.some((p) => line.startsWith(p.id)));
      const first = lines[at] ?? '';
      const id = first.slice(0, 36);
      const [row] = await t.app.db.select().from(products).where(eq(products.id, id));
      const edited = first.replace(/,(\d+\.\d\d),/, ',1234.50,');
      expect(edited).not.toBe(first);
      const job = await checked(t, admin, [header, ...lines.slice(0, at), edited, ...lines.slice(at + 1)].join('\r\n'));
      expect(job.check).toMatchObject({ add: 0, update: 1, unchanged: 199, reject: 0 });
      expect((await applied(t, admin, job._id)).result).toEqual({ add: 0, update: 1, unchanged: 199, reject: 0 });
      const [after] = await t.app.db.select().from(products).where(eq(products.id, id));
      // The price moved, and with it the time the product last changed (what the sitemap's lastmod reads).
      expect(after).toEqual({
        ...row,
        price: 123_450,
        compareAtPrice: after?.compareAtPrice,
        updatedAt: expect.any(Date),
      });
      expect(after?.updatedAt.getTime()).toBeGreaterThan(row?.updatedAt.getTime() ?? Infinity);
    },
    SLOW,
  );

  describe('products sold in variants', () => {
    /** The exported file's lines, and a product sold in variants with its lines (one per variant). */
    async function soldInVariants() {
      const file = await exportCsv(t, admin);
      const [header = '', ...lines] = file.split('\r\n').filter(Boolean);
      const [product] = await t.app.db
        .select({ id: products.id, options: products.options })
        .from(products)
        .where(sql`${products.options} <> '[]'::jsonb`)
        .orderBy(products.id)
        .limit(1);
      if (!product) throw new Error('the demo catalogue sells nothing in variants');
      const variants = await loadVariants(t.app.db, product.id);
      const first = lines.findIndex((line) => line.startsWith(product.id));
      return { header, lines, product, variants, first, last: first + variants.length - 1 };
    }
    /** Rows of a new product sold in sizes, in the demo catalogue's first category. */
    async function newShirt(
      name: string,
      variants: [sku: string, options: string, price: string, stock: string, was?: string][],
    ) {
      const [place] = await t.app.db
        .select({ department: departments.name, category: categories.name })
        .from(categories)
        .innerJoin(departments, eq(departments.id, categories.departmentId))
        .limit(1);
      const rows = variants.map(([variantSku, variantOptions, variantPrice, variantStock, variantCompareAtPrice]) => ({
        name,
        description: 'Linen, washed',
        brand: 'Nile',
        department: place?.department,
        category: place?.category,
        // The product's columns, the same on each of its rows (its price and stock follow its variants').
        price: '10.00',
        stock: '0',
        weight: '0.3',
        cod: 'true',
        variantSku,
        variantOptions,
        variantPrice,
        variantCompareAtPrice,
        variantStock,
      }));
      return csvOf(rows, [...PRODUCT_CSV_COLUMNS, ...VARIANT_CSV_COLUMNS])
        .split('\r\n')
        .slice(1, -1);
    }
    const fileOf = (header: string, lines: string[]) => [header, ...lines].map((line) => `${line}\r\n`).join('');

    it(
      'updates the variant whose price, sale or stock the file changes, and adds the variant a new row names',
      async () => {
        const { header, lines, product, variants, first, last } = await soldInVariants();
        const [edited, ...others] = variants;
        if (!edited) throw new Error('no variant');
        const firstRow = variantCells(lines[first] ?? '');
        expect(firstRow.variant).toEqual([
          edited.sku,
          product.options.map((o) => `${o.name}=${edited.options[o.name]}`).join('; '),
          edited.price.toFixed(2),
          edited.compareAtPrice === null ? '' : edited.compareAtPrice.toFixed(2),
          String(edited.stock),
          String(edited.stock),
        ]);
        const [optionName = ''] = product.options.map((o) => o.name);
        const lastRow = variantCells(lines[last] ?? '');
        const newOptions = (lastRow.variant[1] ?? '').replace(
          new RegExp(`^${optionName}=[^;]*`),
          `${optionName}=Limited`,
        );
        const changed = [
          ...lines.slice(0, first),
          withVariant(firstRow.product, [
            edited.sku,
            firstRow.variant[1] ?? '',
            '9999.00',
            '12000.00',
            '77',
            String(edited.stock),
          ]),
          ...lines.slice(first + 1, last + 1),
          withVariant(lastRow.product, ['LIMITED-1', newOptions, '12345.00', '', '3', '']),
          ...lines.slice(last + 1),
        ];
        const job = await checked(t, admin, fileOf(header, changed));
        expect(job.check).toMatchObject({ add: 0, update: 1, unchanged: 199, reject: 0 });
        expect((await applied(t, admin, job._id)).result).toEqual({ add: 0, update: 1, unchanged: 199, reject: 0 });

        const after = await loadVariants(t.app.db, product.id);
        // The edited variant keeps its id (carts and links to it stay valid), the others are as they were.
        expect(after).toEqual([
          { ...edited, price: 9999, compareAtPrice: 12000, stock: 77 },
          ...others,
          {
            _id: expect.any(String),
            sku: 'LIMITED-1',
            options: expect.objectContaining({ [optionName]: 'Limited' }),
            price: 12345,
            compareAtPrice: null,
            stock: 3,
            image_path: [],
          },
        ]);
        const [stored] = await t.app.db.select().from(products).where(eq(products.id, product.id));
        expect(stored?.options[0]?.values.at(-1)).toEqual({ value: 'Limited', valueAr: null });
        expect(stored?.stock).toBe(after.reduce((sum, v) => sum + v.stock, 0));
      },
      SLOW,
    );

    it('keeps the rows of a product in one batch, however small the batches', async () => {
      const { header, lines, first, last } = await soldInVariants();
      const batches: number[][] = [];
      for await (const rows of fileRows(Buffer.from(fileOf(header, lines)), 1)) batches.push(rows.map((r) => r.line));
      // Line 1 is the header: the file's i-th row is on line i + 2.
      const own = Array.from({ length: last - first + 1 }, (_, i) => first + 2 + i);
      expect(own.length).toBeGreaterThan(1);
      expect(batches.find((batch) => batch.includes(first + 2))).toEqual(own);
      expect(batches.flat()).toEqual(lines.map((_, i) => i + 2));
    });

    it(
      'leaves every variant as it is when the file has no variant columns, as files exported before them',
      async () => {
        const { header, lines } = await soldInVariants();
        const before = await catalogueDigest(t);
        const product = (line: string) => variantCells(line).product;
        // One row per product, as the export wrote them before variants travelled.
        const oldLines = lines.filter((line, i) => i === 0 || line.slice(0, 36) !== lines[i - 1]?.slice(0, 36));
        expect(oldLines).toHaveLength(200);
        const job = await checked(t, admin, fileOf(product(header), oldLines.map(product)));
        expect(job.check).toMatchObject({ add: 0, update: 0, unchanged: 200, reject: 0 });
        expect((await applied(t, admin, job._id)).result).toMatchObject({ unchanged: 200 });
        expect(await catalogueDigest(t)).toEqual(before);
      },
      SLOW,
    );

    it(
      'leaves each variant’s sale as it is when the file has no variantCompareAtPrice, as files exported before it',
      async () => {
        const { header, lines } = await soldInVariants();
        const before = await catalogueDigest(t);
        const [{ sales = 0 } = {}] = await t.app.db
          .select({ sales: count() })
          .from(productVariants)
          .where(sql`${productVariants.compareAtPrice} is not null`);
        // The demo catalogue has variants on sale, which a file without the column must not take off sale.
        expect(sales).toBeGreaterThan(0);
        const at = VARIANT_CSV_COLUMNS.indexOf('variantCompareAtPrice');
        const withoutSale = (line: string) => {
          const { product, variant } = variantCells(line);
          return withVariant(
            product,
            variant.filter((_, i) => i !== at),
          );
        };
        const job = await checked(t, admin, fileOf(withoutSale(header), lines.map(withoutSale)));
        expect(job.check).toMatchObject({ add: 0, update: 0, unchanged: 200, reject: 0 });
        expect((await applied(t, admin, job._id)).result).toMatchObject({ unchanged: 200 });
        expect(await catalogueDigest(t)).toEqual(before);
      },
      SLOW,
    );

    it(
      'leaves each product’s warranty as it is when the file has no warranty columns, as files exported before them',
      async () => {
        const before = await catalogueDigest(t);
        const [{ warranties = 0 } = {}] = await t.app.db
          .select({ warranties: count() })
          .from(products)
          .where(sql`${products.warranty} is not null`);
        // The demo catalogue's products have warranties, which a file without the columns must not take away.
        expect(warranties).toBeGreaterThan(0);
        const rows = parse(await exportCsv(t, admin), { columns: true, bom: true }) as Row[];
        const job = await checked(t, admin, csvOf(rows, [...REQUIRED_COLUMNS, ...VARIANT_CSV_COLUMNS]));
        expect(job.check).toMatchObject({ add: 0, update: 0, unchanged: 200, reject: 0 });
        expect((await applied(t, admin, job._id)).result).toMatchObject({ unchanged: 200 });
        expect(await catalogueDigest(t)).toEqual(before);
      },
      SLOW,
    );

    it(
      'adds a new product sold in variants from consecutive rows without id that share its name',
      async () => {
        const { header } = await soldInVariants();
        const rows = await newShirt('Linen Shirt', [
          ['SHIRT-S', 'Size=S', '450.00', '2'],
          ['SHIRT-M', 'Size=M', '475.00', '5'],
        ]);
        const job = await checked(t, admin, fileOf(header, rows));
        expect(job.check).toMatchObject({ add: 1, update: 0, unchanged: 0, reject: 0 });
        expect((await applied(t, admin, job._id)).result).toMatchObject({ add: 1, reject: 0 });
        const [made] = await t.app.db.select().from(products).where(eq(products.name, 'Linen Shirt'));
        expect(made?.options).toEqual([
          {
            name: 'Size',
            nameAr: null,
            values: [
              { value: 'S', valueAr: null },
              { value: 'M', valueAr: null },
            ],
          },
        ]);
        // Its price and stock are its variants' lowest price and total, whatever the product's cells said.
        expect(made).toMatchObject({ price: 45_000, stock: 7 });
        expect((await loadVariants(t.app.db, made?.id ?? '')).map((v) => [v.sku, v.options, v.price, v.stock])).toEqual(
          [
            ['SHIRT-S', { Size: 'S' }, 450, 2],
            ['SHIRT-M', { Size: 'M' }, 475, 5],
          ],
        );
      },
      SLOW,
    );

    it(
      'rejects bad variant rows by their lines in the file, leaving their product as it is',
      async () => {
        const { header, lines, product, variants, first, last } = await soldInVariants();
        const before = await catalogueDigest(t);
        const [one, two] = variants;
        if (!one || !two) throw new Error('two variants wanted');
        const rows = lines.slice(first, last + 1).map(variantCells);
        const [a, b] = rows;
        if (!a || !b) throw new Error('two rows wanted');
        const file = fileOf(header, [
          withVariant(a.product, [a.variant[0] ?? '', 'Nonsense', ...a.variant.slice(2)]), // 2
          withVariant(b.product, [b.variant[0] ?? '', b.variant[1] ?? '', 'abc', '', '-1', '']), // 3
          ...rows.slice(2).map((row) => withVariant(row.product, row.variant)), // 4…
          // New products: one with a SKU the product above has, one whose second row names another option.
          ...(await newShirt('Odd Shirt', [
            [two.sku, 'Size=S', '10.00', '1'],
            ['ODD-2', 'Size=M', '10.00', '1'],
          ])),
          ...(await newShirt('Mixed Shirt', [
            ['MIX-1', 'Size=S', '10.00', '1'],
            ['MIX-2', 'Colour=Red', '10.00', '1'],
          ])),
        ]);
        const job = await checked(t, admin, file);
        const line = 2 + rows.length;
        expect(job.check).toMatchObject({ add: 0, update: 0, unchanged: 0, reject: rows.length + 4 });
        const { rejections } = await rejectionsOf(t, admin, job._id);
        expect(rejections.slice(0, 2)).toEqual([
          { line: 2, problems: [{ column: 'variantOptions', reason: RULE_MSG.variantOptionsMismatch }] },
          {
            line: 3,
            problems: [
              { column: 'variantPrice', reason: expect.any(String) },
              { column: 'variantStock', reason: RULE_MSG.cannotBeNegative('stock') },
            ],
          },
        ]);
        // The product's other rows are fine, but its variants are written together or not at all.
        expect(rejections.slice(2, rows.length)).toEqual(
          rows.slice(2).map((_, i) => ({
            line: 4 + i,
            problems: [{ column: null, reason: API_MSG.importVariantsOfProduct(2) }],
          })),
        );
        expect(rejections.slice(rows.length)).toEqual([
          { line, problems: [{ column: 'variantSku', reason: API_MSG.skuTaken(two.sku) }] },
          { line: line + 1, problems: [{ column: null, reason: API_MSG.importVariantsOfProduct(line) }] },
          { line: line + 2, problems: [{ column: null, reason: API_MSG.importVariantsOfProduct(line + 3) }] },
          { line: line + 3, problems: [{ column: 'variantOptions', reason: RULE_MSG.variantOptionsMismatch }] },
        ]);
        expect((await applied(t, admin, job._id)).result).toMatchObject({ add: 0, update: 0, reject: rows.length + 4 });
        expect(await catalogueDigest(t)).toEqual(before);
        expect(product.id).toBe(a.product.slice(0, 36));
      },
      SLOW,
    );
  });
});

describe('CSV product import', () => {
  let t: TestContext;
  let admin: Account;
  let department: DepartmentRow;
  let category: CategoryRow;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
    admin = await createAdmin(t.app);
    category = await createCategory(t.app.db, { name: 'Cookware' });
    [department] = (await t.app.db.select().from(departments).where(eq(departments.id, category.departmentId))) as [
      DepartmentRow,
    ];
  });
  afterAll(() => t.close());

  const upload = (body: string | Buffer, options?: UploadOptions) => uploadTo(t, admin, body, options);
  const newRow = (over: Row = {}): Row => ({
    name: 'Clay Pot',
    description: 'Hand made in Fayoum',
    brand: 'Fakhar',
    department: department.name,
    category: category.name,
    price: '120.50',
    stock: '4',
    weight: '1.5',
    cod: 'true',
    ...over,
  });
  const importsCount = async () => (await t.app.db.select({ n: count() }).from(productImports))[0]?.n;
  /** The exported rows of one product, read as a spreadsheet reads the file. */
  const exportedRows = async (id: string) =>
    (parse(await exportCsv(t, admin), { columns: true, bom: true }) as Row[]).filter((row) => row.id === id);
  const ALL_COLUMNS = [...PRODUCT_CSV_COLUMNS, ...VARIANT_CSV_COLUMNS];

  describe('the dry run', () => {
    it('counts the rows to add, update and keep, and lists every rejected row by line with its reasons', async () => {
      const kept = await createProduct(t.app.db, {
        categoryId: category.id,
        name: 'Kept Pan',
        price: 100,
        weight: 1.2,
        imagePaths: ['/uploads/pan.webp'],
      });
      const changed = await createProduct(t.app.db, { categoryId: category.id, name: 'Changed Pan' });
      const same = (p: typeof kept): Row => ({
        id: p.id,
        name: p.name,
        description: p.description,
        brand: p.brand,
        department: department.name,
        category: category.name,
        price: p.price.toFixed(2),
        stock: String(p.stock),
        weight: String(p.weight),
        cod: String(p.cod),
        images: p.imagePaths.map((path) => `${PUBLIC_URL}${path}`).join(' '),
      });
      const before = await catalogueDigest(t);
      const file = csvOf([
        newRow({ description: 'Two lines:\nglazed inside' }), // line 2, over two lines
        same(kept), // 4
        { ...same(changed), price: '150.00', cod: 'FALSE', warranty: '6-month warranty' }, // 5: Excel's FALSE
        newRow({ price: '-5' }), // 6
        newRow({ name: '', stock: '1.5' }), // 7
        { ...same(kept), name: 'Kept Pan again' }, // 8
        newRow({ id: '5b0f8a8e-8c55-4b8e-9a52-1b8e8f1f3c1a' }), // 9
        newRow({ name: '=HYPERLINK("http://evil.example","Pot")' }), // 10
        newRow({ name: "'=SUM(A1)", description: "'- glazed" }), // 11: escaped as the export escapes
        newRow({ images: 'https://elsewhere.example/pot.png' }), // 12
        newRow({ compareAtPrice: '100' }), // 13
        newRow({ price: '0.001' }), // 14
      ]).replace(/\r\n$/, '\r\n1,2,3\r\n'); // 15: too few cells
      const job = await checked(t, admin, file);
      expect(job.check).toEqual({
        add: 2,
        update: 1,
        unchanged: 1,
        reject: 9,
        newDepartments: [],
        newCategories: [],
      });
      expect(job.totalRows).toBe(13);
      const { rejections, total, pages } = await rejectionsOf(t, admin, job._id);
      expect({ total, pages }).toEqual({ total: 9, pages: 1 });
      expect(rejections).toEqual([
        { line: 6, problems: [{ column: 'price', reason: RULE_MSG.mustBePositive('price') }] },
        {
          line: 7,
          problems: [
            { column: 'stock', reason: RULE_MSG.mustBeWhole('stock') },
            { column: 'name', reason: MSG.requiredField },
          ],
        },
        { line: 8, problems: [{ column: 'id', reason: API_MSG.importRepeatedId(4) }] },
        { line: 9, problems: [{ column: 'id', reason: API_MSG.importUnknownProduct }] },
        { line: 10, problems: [{ column: 'name', reason: API_MSG.importFormula }] },
        { line: 12, problems: [{ column: 'images', reason: API_MSG.importImageAddress(PUBLIC_URL) }] },
        { line: 13, problems: [{ column: 'compareAtPrice', reason: RULE_MSG.compareAtAbovePrice }] },
        { line: 14, problems: [{ column: 'price', reason: RULE_MSG.atLeastOnePiastre('price') }] },
        { line: 15, problems: [{ column: null, reason: API_MSG.importCellCount(3, PRODUCT_CSV_COLUMNS.length) }] },
      ]);
      // Read by an Arabic admin, in Arabic.
      const arabic = await rejectionsOf(t, admin, job._id, 1, 'ar');
      expect(arabic.rejections[3]?.problems[0]?.reason).toBe(API_MSG_AR.importUnknownProduct);
      // Nothing changes before it is applied.
      expect(await catalogueDigest(t)).toEqual(before);

      const done = await applied(t, admin, job._id);
      expect(done.result).toEqual({ add: 2, update: 1, unchanged: 1, reject: 9 });
      const added = await t.app.db.select().from(products).where(eq(products.brand, 'Fakhar'));
      expect(added.map((p) => [p.name, p.description]).sort()).toEqual([
        ['=SUM(A1)', '- glazed'],
        ['Clay Pot', 'Two lines:\nglazed inside'],
      ]);
      const [pan] = await t.app.db.select().from(products).where(eq(products.id, changed.id));
      expect(pan).toMatchObject({ price: 15_000, cod: false, warranty: '6-month warranty', warrantyAr: null });
      // The pictures of this shop are stored as the paths they were exported from.
      expect(await exportCsv(t, admin)).toContain(`${PUBLIC_URL}/uploads/pan.webp`);
    });

    it('judges the rows again when applied: a product deleted since the dry run rejects its row then', async () => {
      const going = await createProduct(t.app.db, { categoryId: category.id, name: 'Soon Gone Pan' });
      const staying = await createProduct(t.app.db, { categoryId: category.id, name: 'Staying Pan' });
      const update = (p: typeof going): Row => ({
        ...newRow({ name: `${p.name} renamed` }),
        id: p.id,
      });
      const job = await checked(t, admin, csvOf([update(going), update(staying)]));
      expect(job.check).toMatchObject({ update: 2, reject: 0 });
      await t.app.db.delete(products).where(eq(products.id, going.id));
      const done = await applied(t, admin, job._id);
      expect(done.result).toEqual({ add: 0, update: 1, unchanged: 0, reject: 1 });
      expect((await rejectionsOf(t, admin, job._id)).rejections).toEqual([
        { line: 2, problems: [{ column: 'id', reason: API_MSG.importUnknownProduct }] },
      ]);
      const [renamed] = await t.app.db.select().from(products).where(eq(products.id, staying.id));
      expect(renamed?.name).toBe('Staying Pan renamed');
    });

    it('ends failed, saying how far it got, when its file cannot be applied', async () => {
      const job = await checked(t, admin, csvOf([newRow({ name: 'Never Made Pot' })]));
      // A file damaged after its dry run (nothing the shop does; the worst case of a bug).
      await t.app.db
        .update(productImports)
        .set({ csv: Buffer.from([0xff, 0xfe, 0x00]) })
        .where(eq(productImports.id, job._id));
      const failed = await applied(t, admin, job._id);
      expect(failed).toMatchObject({ status: 'failed', doneRows: 0, error: API_MSG.importStopped(0, 1) });
      expect(await t.app.db.select().from(products).where(eq(products.name, 'Never Made Pot'))).toEqual([]);
    });

    it('pages the rejected rows', async () => {
      const rows = Array.from({ length: 120 }, (_, i) => newRow({ name: `Bad ${i}`, stock: '-1' }));
      const job = await checked(t, admin, csvOf(rows));
      expect(job.check.reject).toBe(120);
      const third = await rejectionsOf(t, admin, job._id, 3);
      expect(third.pages).toBe(3);
      expect(third.rejections.map((r) => r.line)).toEqual(Array.from({ length: 20 }, (_, i) => 102 + i));
    });

    it('names the lines a spreadsheet shows, whether the file breaks its lines with CRLF or LF', async () => {
      // Five lines: the header, a good row whose description spans lines 2 and 3, and two bad rows on lines 4 and 5.
      const rows = [newRow({ description: 'Two\nlines' }), newRow({ price: '-1' }), newRow({ stock: '-2' })];
      for (const file of [
        csvOf(rows),
        csvOf(rows).replace(/\r\n/g, '\n'),
        csvOf(rows).replace(/\r\n/g, '\n').trimEnd(),
      ]) {
        const job = await checked(t, admin, file);
        expect((await rejectionsOf(t, admin, job._id)).rejections.map((r) => r.line)).toEqual([4, 5]);
      }
    });

    it('is kept with an audit entry, and can be applied once', async () => {
      const job = await checked(t, admin, csvOf([newRow({ name: 'Audited Pot' })]));
      await applied(t, admin, job._id);
      const again = await t.app.inject({
        method: 'POST',
        url: `/api/admin/products/imports/${job._id}/apply`,
        headers: admin.headers,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: API_MSG.importNotCheckable });
      const actions = await t.app.db
        .select({ action: auditLogs.action, data: auditLogs.data })
        .from(auditLogs)
        .where(sql`${auditLogs.data}->>'id' = ${job._id}`);
      expect(actions.map((a) => a.action).sort()).toEqual(['product_import_apply', 'product_import_check']);
      const unknown = await t.app.inject({
        url: '/api/admin/products/imports/5b0f8a8e-8c55-4b8e-9a52-1b8e8f1f3c1a',
        headers: admin.headers,
      });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('stock edited in the file', () => {
    let shopper: Account;
    beforeAll(async () => {
      shopper = await registerShopper(t.app);
    });
    /** A shopper buys `quantity` units (of a variant) while the file is in the spreadsheet. */
    async function sell(productId: string, quantity: number, variantId?: string) {
      await t.app.db.delete(cartItems).where(eq(cartItems.userId, shopper.id));
      await t.app.db.insert(cartItems).values({ userId: shopper.id, productId, variantId, quantity });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: shopper.headers,
        payload: { deliveryAddress: ADDRESS, paymentMethod: 'cash' },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const stockOf = async (id: string) =>
      (await t.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]?.stock;

    it('keeps the sales made since the export: an unchanged cell changes nothing, an edited one adds its difference', async () => {
      const pan = await createProduct(t.app.db, { categoryId: category.id, name: 'Selling Pan', stock: 10 });
      const rows = await exportedRows(pan.id);
      expect(rows).toEqual([expect.objectContaining({ stock: '10', stockAtExport: '10' })]);
      await sell(pan.id, 2);
      expect(await stockOf(pan.id)).toBe(8);

      // The file back as exported: the dry run finds nothing to do, and the two units stay sold.
      const unchanged = await checked(t, admin, csvOf(rows, ALL_COLUMNS));
      expect(unchanged.check).toMatchObject({ add: 0, update: 0, unchanged: 1, reject: 0 });
      expect((await applied(t, admin, unchanged._id)).result).toMatchObject({ update: 0, unchanged: 1 });
      expect(await stockOf(pan.id)).toBe(8);

      // Five units received, typed as 15 over the exported 10: 8 + 5.
      const received = await checked(t, admin, csvOf([{ ...rows[0], stock: '15' }], ALL_COLUMNS));
      expect(received.check).toMatchObject({ update: 1, unchanged: 0 });
      expect((await applied(t, admin, received._id)).result).toMatchObject({ update: 1 });
      expect(await stockOf(pan.id)).toBe(13);

      // Never below 0: the exported 10 taken off when fewer are left.
      await sell(pan.id, 4);
      const emptied = await checked(t, admin, csvOf([{ ...rows[0], stock: '0' }], ALL_COLUMNS));
      await applied(t, admin, emptied._id);
      expect(await stockOf(pan.id)).toBe(0);

      // A file without the column (exported before it, or made by hand) sets the stock as written.
      const older = await checked(t, admin, csvOf(rows, REQUIRED_COLUMNS));
      expect(older.check).toMatchObject({ update: 1 });
      await applied(t, admin, older._id);
      expect(await stockOf(pan.id)).toBe(10);
    });

    it('keeps a variant’s sales the same way, and a product sold in variants with no cell changed is unchanged', async () => {
      const { product, variants } = await createVariantProduct(
        t.app.db,
        [
          {
            name: 'Size',
            nameAr: null,
            values: [
              { value: 'M', valueAr: null },
              { value: 'L', valueAr: null },
            ],
          },
        ],
        [
          { sku: 'POT-M', options: { Size: 'M' }, price: 100, stock: 3 },
          { sku: 'POT-L', options: { Size: 'L' }, price: 120, stock: 5 },
        ],
        { categoryId: category.id, name: 'Sized Pot' },
      );
      const [medium, large] = variants;
      const rows = await exportedRows(product.id);
      expect(rows.map((row) => [row.variantSku, row.variantStock, row.variantStockAtExport])).toEqual([
        ['POT-M', '3', '3'],
        ['POT-L', '5', '5'],
      ]);
      await sell(product.id, 2, large?.id);

      const unchanged = await checked(t, admin, csvOf(rows, ALL_COLUMNS));
      expect(unchanged.check).toMatchObject({ update: 0, unchanged: 1 });
      await applied(t, admin, unchanged._id);
      expect((await loadVariants(t.app.db, product.id)).map((v) => v.stock)).toEqual([3, 3]);

      // Five more of M: 3 + 5, and L keeps its sale.
      const [m, l] = rows;
      const received = await checked(t, admin, csvOf([{ ...m, variantStock: '8' }, { ...l }], ALL_COLUMNS));
      expect(received.check).toMatchObject({ update: 1 });
      await applied(t, admin, received._id);
      expect((await loadVariants(t.app.db, product.id)).map((v) => [v._id, v.stock])).toEqual([
        [medium?.id, 8],
        [large?.id, 3],
      ]);
      expect(await stockOf(product.id)).toBe(11);
    });
  });

  describe('a sale’s last day in the file', () => {
    const saleOf = async (id: string) =>
      (
        await t.app.db
          .select({ price: products.price, compareAtPrice: products.compareAtPrice, saleEndsOn: products.saleEndsOn })
          .from(products)
          .where(eq(products.id, id))
      )[0];

    it('travels both ways: exported, set, cleared, kept by a file without the column', async () => {
      const today = cairoDay(t.clock.now());
      const pan = await createProduct(t.app.db, {
        categoryId: category.id,
        name: 'Sale Pan',
        price: 80,
        compareAtPrice: 100,
      });
      await t.app.db.update(products).set({ saleEndsOn: today }).where(eq(products.id, pan.id));
      const [row] = await exportedRows(pan.id);
      expect(row).toMatchObject({ price: '80.00', compareAtPrice: '100.00', saleEndsOn: today });
      const unchanged = await checked(t, admin, csvOf([row ?? {}], ALL_COLUMNS));
      expect(unchanged.check).toMatchObject({ update: 0, unchanged: 1, reject: 0 });

      const later = addDays(today, 3);
      const moved = await checked(t, admin, csvOf([{ ...row, saleEndsOn: later }], ALL_COLUMNS));
      expect(moved.check).toMatchObject({ update: 1, reject: 0 });
      await applied(t, admin, moved._id);
      expect(await saleOf(pan.id)).toEqual({ price: 8000, compareAtPrice: 10000, saleEndsOn: later });

      // The day as a spreadsheet may rewrite it: refused, saying how the file writes it.
      const rewritten = await checked(t, admin, csvOf([{ ...row, saleEndsOn: '31/12/2026' }], ALL_COLUMNS));
      expect((await rejectionsOf(t, admin, rewritten._id, 1, 'ar')).rejections).toEqual([
        { line: 2, problems: [{ column: 'saleEndsOn', reason: API_MSG_AR.importSaleDay }] },
      ]);

      // A file written before the day travelled leaves it; a blank cell lets the sale run until someone ends it.
      const older = await checked(t, admin, csvOf([row ?? {}], REQUIRED_COLUMNS));
      expect(older.check).toMatchObject({ update: 0, unchanged: 1, reject: 0 });
      const cleared = await checked(t, admin, csvOf([{ ...row, saleEndsOn: '' }], ALL_COLUMNS));
      await applied(t, admin, cleared._id);
      expect(await saleOf(pan.id)).toEqual({ price: 8000, compareAtPrice: 10000, saleEndsOn: null });
    });

    it('refuses a file exported during a sale that has ended since, in both languages, changing nothing', async () => {
      const today = cairoDay(t.clock.now());
      const kettle = await createProduct(t.app.db, {
        categoryId: category.id,
        name: 'Ended Kettle',
        price: 450,
        compareAtPrice: 500,
      });
      await t.app.db.update(products).set({ saleEndsOn: today }).where(eq(products.id, kettle.id));
      const exported = await exportedRows(kettle.id);
      const day = 24 * 60 * 60_000;
      t.clock.advance(day);
      try {
        expect(await t.app.saleEnds.flush()).toBe(1);
        expect(await saleOf(kettle.id)).toEqual({ price: 50000, compareAtPrice: null, saleEndsOn: null });
        const stale = await checked(t, admin, csvOf(exported, ALL_COLUMNS));
        expect(stale.check).toMatchObject({ update: 0, reject: 1 });
        for (const [language, message] of [
          ['en', RULE_MSG.saleEndPast],
          ['ar', RULE_MSG_AR.saleEndPast],
        ] as const)
          expect((await rejectionsOf(t, admin, stale._id, 1, language)).rejections).toEqual([
            { line: 2, problems: [{ column: 'saleEndsOn', reason: message }] },
          ]);
        await applied(t, admin, stale._id);
        expect(await saleOf(kettle.id)).toEqual({ price: 50000, compareAtPrice: null, saleEndsOn: null });
      } finally {
        t.clock.advance(-day);
      }
    });

    it('is for a product on sale: its own price before the sale, or a variant’s', async () => {
      const tomorrow = addDays(cairoDay(t.clock.now()), 1);
      const plain = await exportedRows(
        (await createProduct(t.app.db, { categoryId: category.id, name: 'Full Pan' })).id,
      );
      const notOnSale = await checked(t, admin, csvOf([{ ...plain[0], saleEndsOn: tomorrow }], ALL_COLUMNS));
      expect(notOnSale.check).toMatchObject({ update: 0, reject: 1 });
      expect((await rejectionsOf(t, admin, notOnSale._id, 1, 'ar')).rejections).toEqual([
        { line: 2, problems: [{ column: 'saleEndsOn', reason: RULE_MSG_AR.saleEndNeedsSale }] },
      ]);
      const newOne = await checked(
        t,
        admin,
        csvOf([newRow({ name: 'New Sale Pot', saleEndsOn: tomorrow })], ALL_COLUMNS),
      );
      expect(newOne.check).toMatchObject({ add: 0, reject: 1 });

      // Only the large size on sale: the product's own price (its lowest size's) has none before the sale.
      const { product } = await createVariantProduct(
        t.app.db,
        [sizeOption('M', 'L')],
        [
          { sku: 'SALE-M', options: { Size: 'M' }, price: 100, stock: 3 },
          { sku: 'SALE-L', options: { Size: 'L' }, price: 120, compareAtPrice: 150, stock: 5 },
        ],
        { categoryId: category.id, name: 'Sale Sized Pot' },
      );
      const sized = await exportedRows(product.id);
      expect(sized.map((row) => [row.compareAtPrice, row.variantCompareAtPrice])).toEqual([
        ['', ''],
        ['', '150.00'],
      ]);
      const onSale = await checked(
        t,
        admin,
        csvOf(
          sized.map((row) => ({ ...row, saleEndsOn: tomorrow })),
          ALL_COLUMNS,
        ),
      );
      expect(onSale.check).toMatchObject({ update: 1, reject: 0 });
      await applied(t, admin, onSale._id);
      expect((await saleOf(product.id))?.saleEndsOn).toBe(tomorrow);
      // A file of the product's columns alone leaves its variants, the large size still on sale, as they are.
      const later = addDays(tomorrow, 1);
      const ownColumns = await checked(t, admin, csvOf([{ ...sized[0], saleEndsOn: later }], PRODUCT_CSV_COLUMNS));
      expect(ownColumns.check).toMatchObject({ update: 1, reject: 0 });
      await applied(t, admin, ownColumns._id);
      expect((await saleOf(product.id))?.saleEndsOn).toBe(later);
      // The same rows with the large size taken off sale in the file: no sale is left for the day.
      const offSale = sized.map((row) => ({ ...row, saleEndsOn: tomorrow, variantCompareAtPrice: '' }));
      expect((await checked(t, admin, csvOf(offSale, ALL_COLUMNS))).check).toMatchObject({ update: 0, reject: 2 });
    });

    it('keeps a day given with the sale the file itself puts on a variant, of a product new or not', async () => {
      const tomorrow = addDays(cairoDay(t.clock.now()), 1);
      const { product } = await createVariantProduct(
        t.app.db,
        [sizeOption('M', 'L')],
        [
          { sku: 'FIRST-M', options: { Size: 'M' }, price: 100, stock: 3 },
          { sku: 'FIRST-L', options: { Size: 'L' }, price: 120, stock: 5 },
        ],
        { categoryId: category.id, name: 'First Sale Pot' },
      );
      const [m, l] = await exportedRows(product.id);
      const sized = { saleEndsOn: tomorrow, variantOptions: 'Size=L', variantPrice: '120', variantStock: '2' };
      const file = csvOf(
        [
          { ...m, saleEndsOn: tomorrow },
          { ...l, saleEndsOn: tomorrow, variantCompareAtPrice: '150' },
          newRow({ name: 'New Sale Pot', ...sized, variantSku: 'NEW-L', variantCompareAtPrice: '150' }),
        ],
        ALL_COLUMNS,
      );
      const onSale = await checked(t, admin, file);
      expect(onSale.check).toMatchObject({ add: 1, update: 1, reject: 0 });
      expect((await applied(t, admin, onSale._id)).result).toMatchObject({ add: 1, update: 1, reject: 0 });
      const [added] = await t.app.db.select().from(products).where(eq(products.name, 'New Sale Pot'));
      expect(await saleOf(product.id)).toMatchObject({ saleEndsOn: tomorrow });
      expect(added).toMatchObject({ price: 12000, compareAtPrice: 15000, saleEndsOn: tomorrow });
    });
  });

  describe('departments and categories named in the file', () => {
    const garden = (n: number) =>
      newRow({ name: `Garden Pot ${n}`, department: 'Garden', category: n % 2 ? 'Pots' : 'Seeds' });
    const file = () =>
      csvOf([
        garden(1),
        garden(2),
        garden(3),
        newRow({ name: 'New category pot', category: 'Planters' }),
        newRow({ name: 'Same category, other case', department: department.name.toUpperCase(), category: 'PLANTERS' }),
      ]);

    it('are not created unless asked: their rows are rejected, saying so', async () => {
      const job = await checked(t, admin, file(), { createMissing: false });
      expect(job.check).toMatchObject({ add: 0, reject: 5, newDepartments: [], newCategories: [] });
      const { rejections } = await rejectionsOf(t, admin, job._id);
      expect(rejections[0]).toEqual({
        line: 2,
        problems: [{ column: 'department', reason: API_MSG.importNoDepartment('Garden') }],
      });
      expect(rejections[3]).toEqual({
        line: 5,
        problems: [{ column: 'category', reason: API_MSG.importNoCategory('Planters', department.name) }],
      });
    });

    it('are created once each when asked, names compared in any case', async () => {
      const job = await checked(t, admin, file(), { createMissing: true });
      expect(job.check).toEqual({
        add: 5,
        update: 0,
        unchanged: 0,
        reject: 0,
        newDepartments: ['Garden'],
        newCategories: [
          { department: 'Garden', name: 'Pots' },
          { department: 'Garden', name: 'Seeds' },
          { department: department.name, name: 'Planters' },
        ],
      });
      expect((await applied(t, admin, job._id)).result).toMatchObject({ add: 5, reject: 0 });
      const [garden] = await t.app.db.select().from(departments).where(eq(departments.name, 'Garden'));
      const made = await t.app.db
        .select({ name: categories.name, departmentId: categories.departmentId })
        .from(categories)
        .where(sql`lower(${categories.name}) in ('pots', 'seeds', 'planters')`);
      expect(made.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
        { name: 'Planters', departmentId: department.id },
        { name: 'Pots', departmentId: garden?.id },
        { name: 'Seeds', departmentId: garden?.id },
      ]);
      const placed = await t.app.db
        .select({ n: count() })
        .from(products)
        .where(eq(products.departmentId, garden?.id ?? ''));
      expect(placed[0]?.n).toBe(3);
    });
  });

  describe('a file that is not a product CSV is refused whole, and nothing is kept', () => {
    const refused = async (body: string | Buffer, status: number, message: string, options?: UploadOptions) => {
      const before = await importsCount();
      const res = await upload(body, options);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ message });
      expect(await importsCount()).toBe(before);
    };

    it('in another encoding than UTF-8: Excel’s plain CSV (Windows-1256) or Unicode text (UTF-16)', async () => {
      const header = Buffer.from(`${PRODUCT_CSV_COLUMNS.join(',')}\r\n`);
      // "مقلاة" in Windows-1256.
      const cp1256 = Buffer.concat([header, Buffer.from([0x2c, 0xe3, 0xde, 0xe1, 0xc7, 0xc9, 0x0d, 0x0a])]);
      await refused(cp1256, 400, API_MSG.importNotUtf8);
      await refused(
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csvOf([newRow()]), 'utf16le')]),
        400,
        API_MSG.importNotText,
      );
    });

    it('10 MB of junk: random bytes, or text that is not the export', async () => {
      const random = Buffer.alloc(10 * 1024 * 1024);
      for (let i = 0; i < random.length; i++) random[i] = (i * 2654435761) >>> 24;
      await refused(random, 400, API_MSG.importNotText);
      await refused(
        'lorem ipsum, dolor sit amet\n'.repeat(375_000),
        400,
        API_MSG.importMissingColumns(REQUIRED_COLUMNS.join(', ')),
      );
    });

    it('with a header that does not name the columns', async () => {
      await refused('', 400, API_MSG.importMissingColumns(REQUIRED_COLUMNS.join(', ')));
      await refused(
        csvOf(
          [newRow()],
          PRODUCT_CSV_COLUMNS.filter((c) => c !== 'price'),
        ),
        400,
        API_MSG.importMissingColumns('price'),
      );
      await refused(csvOf([newRow()], [...PRODUCT_CSV_COLUMNS, 'colour']), 400, API_MSG.importUnknownColumns('colour'));
      // The variant columns come all together or not at all.
      await refused(
        csvOf([newRow()], [...PRODUCT_CSV_COLUMNS, 'variantSku', 'variantPrice']),
        400,
        API_MSG.importMissingColumns('variantOptions, variantStock'),
      );
    });

    it('with a quote left open or out of place, at the line the parser reports', async () => {
      const good = csvOf([newRow(), newRow()]);
      await refused(`${good}${quote('x')},"unclosed,1\r\n`, 400, API_MSG.importUnreadable(5));
      await refused(`${good},Pot "16 cm",x\r\n`, 400, API_MSG.importUnreadable(4));
    });

    it('with no rows, or more rows than an import takes', async () => {
      await refused(csvOf([]), 400, API_MSG.importNoRows);
      await refused(
        `${csvOf([])}${',,,,,,,,,,,,,\r\n'.repeat(MAX_IMPORT_ROWS + 1)}`,
        400,
        API_MSG.importTooManyRows(MAX_IMPORT_ROWS),
      );
    });

    it('larger than the limit (413), in another field, or not as a form', async () => {
      await refused(
        Buffer.alloc(MAX_IMPORT_BYTES + 1, 'a'),
        413,
        API_MSG.importTooLarge(MAX_IMPORT_BYTES / 1024 / 1024),
      );
      await refused(csvOf([newRow()]), 400, API_MSG.importFileField, { field: 'img' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/products/imports',
        headers: admin.headers,
        payload: { file: csvOf([newRow()]) },
      });
      expect(res.statusCode).toBe(415);
    });
  });

  describe('the job', () => {
    /** A checked import of `n` new products named `prefix n`, queued without waking the app's worker. */
    async function queued(prefix: string, n: number) {
      const rows = Array.from({ length: n }, (_, i) => newRow({ name: `${prefix} ${i}` }));
      const job = await checked(t, admin, csvOf(rows));
      await t.app.db.update(productImports).set({ status: 'queued' }).where(eq(productImports.id, job._id));
      return job._id;
    }
    const namesLike = async (prefix: string) =>
      (
        await t.app.db
          .select({ name: products.name })
          .from(products)
          .where(sql`${products.name} like ${`${prefix} %`}`)
      )
        .map((p) => p.name)
        .sort();
    const expected = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix} ${i}`).sort();
    const deps = () => ({ db: t.app.db, clock: t.clock, log: t.app.log, config: t.app.config });

    it('resumes after its worker died between two batches, applying each row once', async () => {
      const id = await queued('Resumed', 35);
      // A worker takes it, applies two batches of 10, and dies without handing it back.
      const now = t.clock.now();
      const claim = await claimNext(t.app.db, now, new Date(now.getTime() + 60_000));
      expect(claim?.id).toBe(id);
      if (!claim) return;
      const check = rowChecker(PUBLIC_URL, cairoDay(now));
      const batches: ReturnType<typeof check>[] = [];
      for await (const rows of fileRows(claim.csv, 10)) batches.push(check(rows));
      for (const batch of batches.slice(0, 2))
        expect(await applyBatch(t.app.db, claim, batch, new Date(now.getTime() + 60_000))).toBe(true);
      expect((await jobOf(t, admin, id)).doneRows).toBe(20);

      // Until its lease runs out nobody else takes it; then another worker finishes it.
      const other = createImportWorker(deps(), 10);
      expect(await other.flush()).toBe(0);
      t.clock.advance(61_000);
      expect(await other.flush()).toBe(1);
      const done = await jobOf(t, admin, id);
      expect(done).toMatchObject({ status: 'done', doneRows: 35, result: { add: 35, reject: 0 } });
      expect(await namesLike('Resumed')).toEqual(expected('Resumed', 35));

      // The first worker, back to life, can no longer apply anything.
      const zombie = batches[2] ?? { items: [], rows: 0 };
      expect(await applyBatch(t.app.db, claim, zombie, new Date(t.clock.now().getTime() + 60_000))).toBe(false);
      expect(await namesLike('Resumed')).toEqual(expected('Resumed', 35));
      await other.stop();
    });

    it('is applied once by two instances on one database racing for it', async () => {
      const id = await queued('Raced', 45);
      const sibling = await t.sibling();
      const workers = [
        createImportWorker(deps(), 10),
        createImportWorker({ db: sibling.db, clock: t.clock, log: sibling.log, config: sibling.config }, 10),
      ];
      const ended = await Promise.all(workers.map((worker) => worker.flush()));
      expect(ended.reduce((a, b) => a + b)).toBe(1);
      expect(await jobOf(t, admin, id)).toMatchObject({ status: 'done', doneRows: 45, result: { add: 45 } });
      expect(await namesLike('Raced')).toEqual(expected('Raced', 45));
      await Promise.all(workers.map((worker) => worker.stop()));
    });

    it('leaves the catalogue caches alone while it runs and clears them once at its end', async () => {
      const url = '/api/product?page=1&limit=48&includeOutOfStock=true&q=cached';
      const list = () => t.app.inject({ url });
      const id = await queued('Cached', 25);
      await readUntilHit((address) => t.app.inject({ url: address }), url);
      const now = t.clock.now();
      const claim = await claimNext(t.app.db, now, new Date(now.getTime() + 60_000));
      if (!claim) throw new Error('no claim');
      const check = rowChecker(PUBLIC_URL, cairoDay(now));
      for await (const rows of fileRows(claim.csv, 10)) {
        await applyBatch(t.app.db, claim, check(rows), new Date(now.getTime() + 60_000));
        break;
      }
      // Ten products are in, but the cached list is still served: no announcement yet.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const during = await list();
      expect(during.headers['x-cache']).toBe('hit');
      expect(during.json<{ products: unknown[] }>().products).toHaveLength(0);

      t.clock.advance(61_000);
      const worker = createImportWorker(deps(), 10);
      await worker.flush();
      expect((await jobOf(t, admin, id)).status).toBe('done');
      await expect
        .poll(async () => (await list()).json<{ products: unknown[] }>().products.length, { timeout: 5000 })
        .toBe(25);
      await worker.stop();
    });
  });
});
