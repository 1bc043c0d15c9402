/**
 * The spreadsheet format of the results exports (answers.csv, points.csv, stats.csv): what German
 * Excel and LibreOffice open with a double click. UTF-8 with a byte-order mark, `;` between cells,
 * CRLF after every row, RFC 4180 quoting. Text cells are guarded against formula injection (OWASP):
 * one that starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading apostrophe, so a
 * spreadsheet shows it as text and never runs it. Numbers are written by us, with a decimal comma,
 * and stay numbers (docs/decisions/results-exports.md).
 */
import { germanDecimal } from '../live/rules/results';

/** A cell: text (from people: names, answers) or a number (points, counts, shares). null is an empty cell. */
export type CsvCell = string | number | null;

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_ROW_END = '\r\n';

/** The first characters that make a spreadsheet read a cell as a formula (OWASP "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** What forces a cell into quotes: the separator, a quote or a line break. */
const NEEDS_QUOTES = /[;"\r\n]/;

/** A text cell that a spreadsheet shows as it is: guarded against formulas, quoted when needed. */
export function csvText(text: string): string {
  const guarded = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

export function csvCell(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? germanDecimal(cell) : '';
  return csvText(cell);
}

/** The whole file: BOM, the header row, then the rows; every row ends with CRLF. UTF-8 bytes. */
export function csvFile(header: readonly string[], rows: Iterable<readonly CsvCell[]>): Buffer {
  const lines: string[] = [header.map(csvText).join(CSV_SEPARATOR)];
  for (const row of rows) lines.push(row.map(csvCell).join(CSV_SEPARATOR));
  return Buffer.from(CSV_BOM + lines.join(CSV_ROW_END) + CSV_ROW_END, 'utf8');
}
