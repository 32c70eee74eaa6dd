import {
  say,
  MAX_PRODUCT_IMAGES,
  PRODUCT_CSV_COLUMNS,
  productImportRowSchema,
  type ProductCsvColumn,
} from '@shop/contracts';
import { isFormula, unescapeCell } from '../../../lib/csv.js';
import { imageUrl } from '../../../lib/images.js';
import { productValues, roundsToNothing } from '../service.js';
import type { CsvCells, FileRow } from './parse.js';

/** What is wrong with a row, by column (null: the row as a whole); the message is by key, rendered when shown. */
export interface Problem {
  column: ProductCsvColumn | null;
  message: string;
}

export interface Rejection {
  line: number;
  problems: Problem[];
}

/** A product's own fields as the products table stores them. */
export type ProductValues = ReturnType<typeof productValues> & { imagePaths: string[] };

/** A row that passed every rule of its own; its department, category and id are still to be found. */
export interface CheckedRow {
  line: number;
  /** Null for a new product. */
  id: string | null;
  department: string;
  category: string;
  values: ProductValues;
}

export const isRejection = (row: CheckedRow | Rejection): row is Rejection => 'problems' in row;

/**
 * The columns of free text. One of them starting like a formula without the apostrophe the export puts
 * there came from a spreadsheet that may have run it, or was typed to be run by the next one that opens
 * the file: the row is rejected, and the reason says how to keep such a text.
 */
const NOT_TEXT: readonly ProductCsvColumn[] = ['id', 'price', 'compareAtPrice', 'stock', 'weight', 'cod', 'images'];
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

const columnOf = (key: PropertyKey | undefined): ProductCsvColumn | null =>
  typeof key === 'string' && (PRODUCT_CSV_COLUMNS as readonly string[]).includes(key)
    ? (key as ProductCsvColumn)
    : null;

/** A row by the product form's rules (contracts), plus those of the file: formulas, pictures. */
function checkCells(line: number, cells: CsvCells, origin: string): CheckedRow | Rejection {
  const problems: Problem[] = TEXT_COLUMNS.filter((column) => isFormula(cells[column])).map((column) => ({
    column,
    message: say.api.importFormula,
  }));
  const text = Object.fromEntries(PRODUCT_CSV_COLUMNS.map((column) => [column, unescapeCell(cells[column])]));
  // Excel writes the true and false the export wrote as TRUE and FALSE.
  const parsed = productImportRowSchema.safeParse({ ...text, cod: text.cod?.toLowerCase() });
  for (const issue of parsed.error?.issues ?? []) {
    const column = columnOf(issue.path[0]);
    if (!problems.some((problem) => problem.column === column)) problems.push({ column, message: issue.message });
  }
  const images = imagePaths(text.images ?? '', origin);
  if (!images) problems.push({ column: 'images', message: say.api.importImageAddress(origin) });
  else if (images.length > MAX_PRODUCT_IMAGES)
    problems.push({ column: 'images', message: say.api.tooManyImages(MAX_PRODUCT_IMAGES) });
  if (parsed.success && roundsToNothing(parsed.data))
    problems.push({ column: 'price', message: say.rule.atLeastOnePiastre('price') });
  if (problems.length || !parsed.success || !images) return { line, problems };
  const row = parsed.data;
  return {
    line,
    id: row.id ?? null,
    department: row.department,
    category: row.category,
    values: { ...productValues(row), imagePaths: images },
  };
}

/**
 * Checks the rows of one file in order. Stateful: an id seen on an earlier line rejects the later row
 * (which of two versions of a product is meant cannot be told). The dry run and the job go through the
 * file in the same order, so they judge every row alike.
 */
export function rowChecker(publicUrl: string) {
  const origin = new URL(publicUrl).origin;
  const lineOfId = new Map<string, number>();
  return (row: FileRow): CheckedRow | Rejection => {
    if ('problem' in row) return { line: row.line, problems: [{ column: null, message: row.problem }] };
    const checked = checkCells(row.line, row.cells, origin);
    if (isRejection(checked) || !checked.id) return checked;
    const first = lineOfId.get(checked.id);
    if (first !== undefined)
      return { line: row.line, problems: [{ column: 'id', message: say.api.importRepeatedId(first) }] };
    lineOfId.set(checked.id, row.line);
    return checked;
  };
}
