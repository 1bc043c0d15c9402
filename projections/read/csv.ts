/**
 * The spreadsheet format of the results exports (answers.csv, points.csv, stats.csv): what German
 * Excel and LibreOffice open with a double click. UTF-8 with a byte-order mark, `;` between cells,
 * CRLF after every row, RFC 4180 quoting, written by csv-stringify (docs/decisions/results-exports.md).
 * Text cells are guarded against formula injection (OWASP): one that starts with `=`, `+`, `-`, `@`,
 * a tab or a carriage return gets a leading apostrophe, so a spreadsheet shows it as text and never
 * runs it. Numbers are written with a decimal comma and stay numbers.
 */
import { stringify, type Options } from 'csv-stringify/sync';
import { germanDecimal } from '../live/rules/results';

/** A cell: text (from people: names, answers) or a number (points, counts, shares). null is an empty cell. */
export type CsvCell = string | number | null;

const FORMAT: Options = {
  delimiter: ';',
  record_delimiter: 'windows',
  quote_record_delimiter: true,
  escape_formulas: true,
  cast: { number: (n) => (Number.isFinite(n) ? germanDecimal(n) : '') },
};

/** One text cell as it stands in the file: guarded against formulas, quoted when needed. */
export function csvText(text: string): string {
  return stringify([[text]], { ...FORMAT, eof: false });
}

/** The whole file: BOM, the header row, then the rows; every row ends with CRLF. UTF-8 bytes. */
export function csvFile(header: readonly string[], rows: Iterable<readonly CsvCell[]>): Buffer {
  return Buffer.from(stringify([header, ...rows], { ...FORMAT, bom: true }), 'utf8');
}
