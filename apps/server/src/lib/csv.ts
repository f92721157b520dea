import { stringify } from 'csv-stringify/sync';

/** One CSV cell: text, a number or a boolean; null and undefined leave the cell empty. */
export type CsvCell = string | number | boolean | null | undefined;

/**
 * Rows as a CSV file Excel opens as UTF-8 (a byte-order mark first). Every CSV the server writes
 * goes through here: csv-stringify quotes per RFC 4180, ends each record with CRLF as it asks, and
 * escapes formulas (a cell starting with = + - @, tab or carriage return gets a leading single
 * quote), so text from a signal or a person never runs as a formula in a spreadsheet.
 */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${stringify(
    rows.map((row) => row.map((cell) => cell ?? '')),
    // A cell holding any line break is quoted: with CRLF records csv-stringify quotes only a CRLF in it.
    { escape_formulas: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ },
  )}`;
}
