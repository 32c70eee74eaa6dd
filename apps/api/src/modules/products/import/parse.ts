import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import {
  say,
  MAX_IMPORT_ROWS,
  OPTIONAL_PRODUCT_CSV_COLUMNS,
  type OptionalProductCsvColumn,
  OPTIONAL_VARIANT_CSV_COLUMNS,
  PRODUCT_CSV_COLUMNS,
  VARIANT_CSV_COLUMNS,
  type CatalogueCsvColumn,
  type ProductCsvColumn,
  type VariantCsvColumn,
  type Said,
} from '@shop/contracts';
import { badRequest } from '../../../lib/errors.js';

/** A data row of the file by column, cells as written (still escaped); a file without variant columns lacks them. */
export type CsvCells = Record<Exclude<ProductCsvColumn, OptionalProductCsvColumn>, string> &
  Partial<Record<OptionalProductCsvColumn | VariantCsvColumn, string>>;

/** A data row and the line of the file it starts on; a row that does not fit the header carries why. */
export type FileRow = { line: number; cells: CsvCells } | { line: number; problem: Said };

/**
 * The file is handed to the parser in pieces: between two, other requests get their turn, so a large
 * file does not hold the process for the seconds its parsing takes.
 */
const PIECE_BYTES = 64 * 1024;

function* pieces(bytes: Buffer): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += PIECE_BYTES) yield bytes.subarray(at, at + PIECE_BYTES);
}

const CSV_COLUMNS: readonly string[] = [...PRODUCT_CSV_COLUMNS, ...VARIANT_CSV_COLUMNS];
const isColumn = (name: string): name is CatalogueCsvColumn => CSV_COLUMNS.includes(name);
const REQUIRED_PRODUCT_COLUMNS = PRODUCT_CSV_COLUMNS.filter(
  (column) => !(OPTIONAL_PRODUCT_CSV_COLUMNS as readonly string[]).includes(column),
);

/**
 * The header must name each column of the export once, in any order, and nothing else; the variant columns
 * all or none (a file exported before variants travelled has none), but for those a file written before they
 * travelled lacks (OPTIONAL_PRODUCT_CSV_COLUMNS, OPTIONAL_VARIANT_CSV_COLUMNS).
 */
function columnsOf(header: readonly string[]): CatalogueCsvColumn[] {
  const names = header.map((name) => name.trim());
  const withVariants = VARIANT_CSV_COLUMNS.some((column) => names.includes(column));
  const required = [
    ...REQUIRED_PRODUCT_COLUMNS,
    ...(withVariants ? VARIANT_CSV_COLUMNS.filter((column) => !OPTIONAL_VARIANT_CSV_COLUMNS.includes(column)) : []),
  ];
  const missing = required.filter((column) => !names.includes(column));
  if (missing.length) throw badRequest(say.api.importMissingColumns(missing.join(', ')));
  const unknown = names.filter((name, i) => !isColumn(name) || names.indexOf(name) !== i);
  if (unknown.length) throw badRequest(say.api.importUnknownColumns(unknown.join(', ')));
  return names.filter(isColumn);
}

function newlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/**
 * Refuses what cannot be a spreadsheet's CSV at all: binary data (no text has a NUL byte, and the
 * database could not store one) and text in another encoding than UTF-8 (Excel's plain "CSV" writes
 * the system's code page, Windows-1256 for Arabic, which would turn every Arabic name into garbage).
 */
function checkText(bytes: Buffer): void {
  if (bytes.includes(0)) throw badRequest(say.api.importNotText);
  if (!isUtf8(bytes)) throw badRequest(say.api.importNotUtf8);
}

const blank = (cell: string | undefined) => !cell?.trim();

/**
 * Whether a row is one more variant of the product on the row before: both name a variant, and the same id, or
 * (a new product) no id and the same name. The rows of a product sold in variants are consecutive.
 */
export function sameProduct(before: CsvCells, row: CsvCells): boolean {
  if (blank(before.variantSku) || blank(row.variantSku)) return false;
  return blank(row.id)
    ? blank(before.id) && row.name.trim() === before.name.trim()
    : row.id.trim() === before.id.trim();
}

interface Parsed {
  record: string[];
  raw: string;
}

/**
 * The data rows of an uploaded file, about `size` at a time (a product's variants are not split), each with the line it starts on (a cell may hold
 * line breaks). The file as a whole is refused (a 400 naming why) when it is not UTF-8 text, its header
 * does not name the export's columns, it has no rows or too many, or it is not CSV: a quote left open
 * or out of place, at the line the parser reports. csv-parse reads it by RFC 4180, as the export writes it.
 */
export async function* fileRows(bytes: Buffer, size: number): AsyncGenerator<FileRow[]> {
  checkText(bytes);
  const parser = Readable.from(pieces(bytes)).pipe(parse({ bom: true, raw: true, relax_column_count: true }));
  let columns: CatalogueCsvColumn[] | null = null;
  let line = 1;
  let rows = 0;
  let batch: FileRow[] = [];
  try {
    for await (const { record, raw } of parser as AsyncIterable<Parsed>) {
      const start = line;
      // The raw text of a record ends with its own line break when the file's are LF (with CRLF, with the CR only):
      // it is not counted twice, so lines are numbered as a spreadsheet numbers them, whatever breaks a cell holds.
      line += newlines(raw.replace(/\n$/, '')) + 1;
      if (!columns) {
        columns = columnsOf(record);
        continue;
      }
      if (record.length === 1 && record[0] === '') continue;
      if (++rows > MAX_IMPORT_ROWS) throw badRequest(say.api.importTooManyRows(MAX_IMPORT_ROWS));
      const fields = columns;
      const row: FileRow =
        record.length === fields.length
          ? { line: start, cells: Object.fromEntries(fields.map((column, i) => [column, record[i]])) as CsvCells }
          : { line: start, problem: say.api.importCellCount(record.length, fields.length) };
      // A batch is full at `size` rows, but a product's variants stay in one batch: they are written together.
      const last = batch.at(-1);
      if (batch.length >= size && !(last && 'cells' in last && 'cells' in row && sameProduct(last.cells, row.cells))) {
        yield batch;
        batch = [];
      }
      batch.push(row);
    }
  } catch (err) {
    if (err instanceof CsvError) throw badRequest(say.api.importUnreadable(Number((err as { lines?: unknown }).lines)));
    throw err;
  } finally {
    parser.destroy();
  }
  if (!columns) throw badRequest(say.api.importMissingColumns(REQUIRED_PRODUCT_COLUMNS.join(', ')));
  if (batch.length) yield batch;
  if (rows === 0) throw badRequest(say.api.importNoRows);
}
