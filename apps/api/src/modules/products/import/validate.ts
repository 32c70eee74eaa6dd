import {
  say,
  MAX_PRODUCT_IMAGES,
  PRODUCT_CSV_COLUMNS,
  VARIANT_CSV_COLUMNS,
  productImportRowSchema,
  saleEndPassed,
  variantImportRowSchema,
  type CatalogueCsvColumn,
  type OptionalProductCsvColumn,
  type ProductCsvColumn,
} from '@shop/contracts';
import { isFormula, unescapeCell } from '../../../lib/csv.js';
import { imageUrl } from '../../../lib/images.js';
import { toPiastres } from '../../../lib/money.js';
import { productValues, roundsToNothing } from '../service.js';
import { sameProduct, type CsvCells, type FileRow } from './parse.js';

/** What is wrong with a row, by column (null: the row as a whole); the message is by key, rendered when shown. */
export interface Problem {
  column: CatalogueCsvColumn | null;
  message: string;
}

export interface Rejection {
  line: number;
  problems: Problem[];
}

/** A product's own fields as the products table stores them. */
export type ProductValues = ReturnType<typeof productValues> & { imagePaths: string[] };

/** The product's fields a file may have no column for: a product it updates then keeps its own (planBatch). */
const KEPT_WHEN_MISSING = [
  'warranty',
  'warrantyAr',
  'saleEndsOn',
] as const satisfies readonly (OptionalProductCsvColumn & keyof ProductValues)[];
export type KeptField = (typeof KEPT_WHEN_MISSING)[number];

/** A variant's row that passed the variants grid's rules of a row; its options are checked with the product's. */
export interface CheckedVariant {
  line: number;
  sku: string;
  options: Record<string, string>;
  /** In EGP, as the grid takes it. */
  price: number;
  /** In EGP; undefined when the file has no such column (the variant keeps its own). */
  compareAtPrice: number | null | undefined;
  stock: number;
  /** Its stock as exported; undefined when the file does not say (its stock is then set as written). */
  stockAtExport: number | undefined;
}

/** A product whose rows passed every rule of their own; its department, category and id are still to be found. */
export interface CheckedRow {
  /** The product's first row. */
  line: number;
  /** Null for a new product. */
  id: string | null;
  department: string;
  category: string;
  values: ProductValues;
  /** The stock as exported; undefined when the file does not say (the stock is then set as written). */
  stockAtExport: number | undefined;
  /** The fields the file has no column for, which an existing product keeps. */
  kept: KeptField[];
  /** One per row, in the file's order; null when its rows name no variant (its variants are left as they are). */
  variants: CheckedVariant[] | null;
}

type ReadableRow = Extract<FileRow, { cells: CsvCells }>;

export const isRejection = (row: CheckedRow | Rejection): row is Rejection => 'problems' in row;

/** A batch of the file checked: its products and rejected rows, and how many rows of the file it holds. */
export interface CheckedBatch {
  items: (CheckedRow | Rejection)[];
  rows: number;
}

/**
 * The columns of free text. One of them starting like a formula without the apostrophe the export puts
 * there came from a spreadsheet that may have run it, or was typed to be run by the next one that opens
 * the file: the row is rejected, and the reason says how to keep such a text.
 */
const NOT_TEXT: readonly ProductCsvColumn[] = [
  'id',
  'price',
  'compareAtPrice',
  'saleEndsOn',
  'stock',
  'stockAtExport',
  'weight',
  'cod',
  'images',
];
const TEXT_COLUMNS = PRODUCT_CSV_COLUMNS.filter((column) => !NOT_TEXT.includes(column));

const UPLOADS = imageUrl('');
const UPLOAD_NAME = /^[\w-][\w.-]*$/;

/**
 * The pictures' addresses as stored (the path of an upload), or null when one is not a picture of this
 * shop. A picture elsewhere is refused rather than fetched: the import reaches no other server.
 */
function imagePaths(cell: string, origin: string): string[] | null {
  const paths: string[] = [];
  for (const address of cell.split(/\s+/).filter(Boolean)) {
    let url: URL;
    try {
      url = new URL(address, origin);
    } catch {
      return null;
    }
    const name = url.pathname.slice(UPLOADS.length);
    if (url.origin !== origin || !url.pathname.startsWith(UPLOADS) || !UPLOAD_NAME.test(name) || url.search)
      return null;
    paths.push(url.pathname);
  }
  return paths;
}

const CSV_COLUMNS: readonly string[] = [...PRODUCT_CSV_COLUMNS, ...VARIANT_CSV_COLUMNS];
const columnOf = (key: PropertyKey | undefined): CatalogueCsvColumn | null =>
  typeof key === 'string' && CSV_COLUMNS.includes(key) ? (key as CatalogueCsvColumn) : null;

const namesVariant = (cells: CsvCells) => VARIANT_CSV_COLUMNS.some((column) => cells[column]?.trim());

/** A variant's cells by the variants grid's rules (contracts); the SKU and options are text a formula may hide in. */
function checkVariant(line: number, cells: CsvCells, problems: Problem[]): CheckedVariant | null {
  for (const column of ['variantSku', 'variantOptions'] as const)
    if (isFormula(cells[column] ?? '')) problems.push({ column, message: say.api.importFormula });
  const text = Object.fromEntries(VARIANT_CSV_COLUMNS.map((column) => [column, unescapeCell(cells[column] ?? '')]));
  const parsed = variantImportRowSchema.safeParse(text);
  for (const issue of parsed.error?.issues ?? []) {
    const column = columnOf(issue.path[0]);
    if (!problems.some((problem) => problem.column === column)) problems.push({ column, message: issue.message });
  }
  if (!parsed.success) return null;
  const {
    variantSku: sku,
    variantOptions: options,
    variantPrice: price,
    variantStock: stock,
    variantStockAtExport: stockAtExport,
  } = parsed.data;
  if (toPiastres(price) < 1) problems.push({ column: 'variantPrice', message: say.rule.atLeastOnePiastre('price') });
  const compareAtPrice = cells.variantCompareAtPrice === undefined ? undefined : parsed.data.variantCompareAtPrice;
  return { line, sku, options, price, compareAtPrice, stock, stockAtExport };
}

/**
 * A row by the product form's rules (contracts), plus those of the file: formulas, pictures. A sale's last day before
 * `today` is refused, as the form refuses it: here it is mostly a file exported during a sale that has ended since.
 */
function checkCells(line: number, cells: CsvCells, origin: string, today: string): CheckedRow | Rejection {
  const problems: Problem[] = TEXT_COLUMNS.filter((column) => isFormula(cells[column] ?? '')).map((column) => ({
    column,
    message: say.api.importFormula,
  }));
  const variant = namesVariant(cells) ? checkVariant(line, cells, problems) : null;
  const text = Object.fromEntries(PRODUCT_CSV_COLUMNS.map((column) => [column, unescapeCell(cells[column] ?? '')]));
  // Excel writes the true and false the export wrote as TRUE and FALSE.
  const parsed = productImportRowSchema.safeParse({ ...text, cod: text.cod?.toLowerCase() });
  for (const issue of parsed.error?.issues ?? []) {
    const column = columnOf(issue.path[0]);
    // A day Excel rewrote in its own way (31/12/2026) is told how the file writes it.
    const message = column === 'saleEndsOn' ? say.api.importSaleDay : issue.message;
    if (!problems.some((problem) => problem.column === column)) problems.push({ column, message });
  }
  const images = imagePaths(text.images ?? '', origin);
  if (!images) problems.push({ column: 'images', message: say.api.importImageAddress(origin) });
  else if (images.length > MAX_PRODUCT_IMAGES)
    problems.push({ column: 'images', message: say.api.tooManyImages(MAX_PRODUCT_IMAGES) });
  if (parsed.success && roundsToNothing(parsed.data))
    problems.push({ column: 'price', message: say.rule.atLeastOnePiastre('price') });
  if (parsed.success && saleEndPassed(parsed.data.saleEndsOn, today))
    problems.push({ column: 'saleEndsOn', message: say.rule.saleEndPast });
  if (problems.length || !parsed.success || !images) return { line, problems };
  const row = parsed.data;
  return {
    line,
    id: row.id ?? null,
    department: row.department,
    category: row.category,
    values: { ...productValues(row), imagePaths: images },
    stockAtExport: row.stockAtExport,
    kept: KEPT_WHEN_MISSING.filter((column) => cells[column] === undefined),
    variants: variant && [variant],
  };
}

const sameProductCells = (a: CsvCells, b: CsvCells) => PRODUCT_CSV_COLUMNS.every((column) => a[column] === b[column]);

/** The lines of a product's rows: its first, or one per variant. */
export const linesOf = (product: CheckedRow) => product.variants?.map((variant) => variant.line) ?? [product.line];

/**
 * A product rejected whole for the rows `rejected` name: its other rows name the first of those (a product's
 * variants are written together or not at all), so that every row of the file is accounted for.
 */
export function rejectWhole(lines: number[], rejected: Rejection[]): Rejection[] {
  const failed = Math.min(...rejected.map((rejection) => rejection.line));
  const others = lines
    .filter((line) => !rejected.some((rejection) => rejection.line === line))
    .map((line) => ({ line, problems: [{ column: null, message: say.api.importVariantsOfProduct(failed) }] }));
  return [...rejected, ...others].sort((a, b) => a.line - b.line);
}

/**
 * A product's rows (one, or one per variant): each by its own rules, every variant's row repeating the first row's
 * product columns. A product with a rejected row is rejected whole, its other rows naming the row that failed: a
 * product's variants are written together or not at all.
 */
function checkProduct(rows: ReadableRow[], origin: string, today: string): (CheckedRow | Rejection)[] {
  const [first] = rows;
  if (!first) return [];
  const checked = rows.map((row, i): CheckedRow | Rejection => {
    const own = checkCells(row.line, row.cells, origin, today);
    if (i === 0 || sameProductCells(first.cells, row.cells)) return own;
    const differs: Problem = { column: null, message: say.api.importVariantRowDiffers(first.line) };
    return { line: row.line, problems: [differs, ...(isRejection(own) ? own.problems : [])] };
  });
  const rejected = checked.filter(isRejection);
  const head = checked[0];
  if (!rejected.length && head && !isRejection(head)) {
    const variants = checked.flatMap((row) => (isRejection(row) ? [] : (row.variants ?? [])));
    return [{ ...head, variants: head.variants && variants }];
  }
  return rejectWhole(
    rows.map((row) => row.line),
    rejected,
  );
}

/** The file's rows grouped by product: a product's variants are on consecutive rows (parse.ts's `sameProduct`). */
function byProduct(rows: FileRow[]): FileRow[][] {
  const groups: FileRow[][] = [];
  for (const row of rows) {
    const group = groups.at(-1);
    const before = group?.at(-1);
    if (group && before && 'cells' in before && 'cells' in row && sameProduct(before.cells, row.cells)) group.push(row);
    else groups.push([row]);
  }
  return groups;
}

/**
 * Checks the rows of one file in order, a batch at a time, a product's rows together. Stateful: an id or a SKU
 * seen on an earlier product rejects the later row (which of two versions is meant cannot be told). The dry run
 * and the job go through the file in the same order and the same batches, so they judge every row alike (but for a
 * sale's last day, judged by `today`, Cairo's day when each reads the file).
 */
export function rowChecker(publicUrl: string, today: string) {
  const origin = new URL(publicUrl).origin;
  const lineOfId = new Map<string, number>();
  const lineOfSku = new Map<string, number>();

  function checkFileProduct(rows: FileRow[]): (CheckedRow | Rejection)[] {
    const readable = rows.filter((row): row is ReadableRow => 'cells' in row);
    // A row that does not fit the header is a product of its own (`sameProduct` reads cells).
    if (readable.length < rows.length)
      return rows.flatMap((row) =>
        'problem' in row ? [{ line: row.line, problems: [{ column: null, message: row.problem }] }] : [],
      );
    const checked = checkProduct(readable, origin, today);
    const [product] = checked;
    if (!product || isRejection(product)) return checked;
    const repeatedId = product.id ? lineOfId.get(product.id) : undefined;
    if (repeatedId !== undefined)
      return rejectWhole(linesOf(product), [
        { line: product.line, problems: [{ column: 'id', message: say.api.importRepeatedId(repeatedId) }] },
      ]);
    const skuRepeats = (product.variants ?? []).filter((variant) => lineOfSku.has(variant.sku.toLowerCase()));
    if (skuRepeats.length)
      return rejectWhole(
        linesOf(product),
        skuRepeats.map((variant) => ({
          line: variant.line,
          problems: [{ column: 'variantSku', message: say.api.skuTaken(variant.sku) }],
        })),
      );
    if (product.id) lineOfId.set(product.id, product.line);
    for (const variant of product.variants ?? []) lineOfSku.set(variant.sku.toLowerCase(), variant.line);
    return [product];
  }

  return (rows: FileRow[]): CheckedBatch => ({ items: byProduct(rows).flatMap(checkFileProduct), rows: rows.length });
}
