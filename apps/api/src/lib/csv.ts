import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A cell's value: text is quoted as needed and defused, numbers are written as they are. */
export type CsvCell = string | number | null;

/**
 * Text a spreadsheet would run as a formula: = + - @ (and tab or carriage return, which some
 * spreadsheets skip before reading one). A leading apostrophe makes the cell plain text. Text that
 * already starts with apostrophes before one of those gets one more too, so that taking the first
 * apostrophe off (`unescapeCell`) gives back exactly the text written.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A cell read back from a file: the apostrophe `csvCell` put before formula-like text comes off again. */
export const unescapeCell = (cell: string) => (cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell);

/** A cell a spreadsheet would run as a formula: formula-like text that no apostrophe protects. */
export const isFormula = (cell: string) => !cell.startsWith("'") && FORMULA_START.test(cell);

/** One CSV record, CRLF-terminated as RFC 4180 writes them. */
const csvLine = (cells: readonly CsvCell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Starts a UTF-8 file so Excel reads it as UTF-8 (Arabic names and addresses) rather than the system code page. */
const UTF8_BOM = '\uFEFF';

/** The columns of a CSV file: each header with how a row fills it. */
export type CsvColumns<Row> = readonly (readonly [header: string, cell: (row: Row) => CsvCell])[];

/** Money kept in piastres as EGP with both decimals, the way accounting sheets show it. */
export const csvMoney = (piastres: number) => (piastres / 100).toFixed(2);

/** Rows a batch at a time: read from the database as they stream, or all at hand (a report's few rows, one batch). */
type Batches<Row> = AsyncIterable<Row[]> | Iterable<Row[]>;

async function* csvText<Row>(columns: CsvColumns<Row>, batches: Batches<Row>): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine(columns.map(([header]) => header));
  for await (const rows of batches) yield rows.map((row) => csvLine(columns.map(([, cell]) => cell(row)))).join('');
}

/**
 * Sends rows read a batch at a time as a CSV file to download: it streams, so memory stays at one batch
 * however many rows there are.
 */
export function sendCsv<Row>(reply: FastifyReply, filename: string, columns: CsvColumns<Row>, batches: Batches<Row>) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(Readable.from(csvText(columns, batches)));
}
