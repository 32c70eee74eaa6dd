/** A cell's value: text is quoted as needed and defused, numbers are written as they are. */
export type CsvCell = string | number | null;

/**
 * Text a spreadsheet would run as a formula: = + - @ (and tab or carriage return, which some
 * spreadsheets skip before reading one). A leading apostrophe makes the cell plain text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record, CRLF-terminated as RFC 4180 writes them. */
export const csvLine = (cells: readonly CsvCell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Starts a UTF-8 file so Excel reads it as UTF-8 (Arabic names and addresses) rather than the system code page. */
export const UTF8_BOM = '\uFEFF';
