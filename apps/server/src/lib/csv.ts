import { stringify } from 'csv-stringify/sync';

/** One CSV cell: text, a number or a boolean; null and undefined leave the cell empty. */
export type CsvCell = string | number | boolean | null | undefined;

/**
 * Rows as a CSV file Excel opens as UTF-8 (a byte-order mark first). Every CSV the server writes
 * goes through here: csv-stringify quotes per RFC 4180 and escapes formulas (a cell starting with
 * = + - @, tab or carriage return gets a leading single quote), so text from a signal or a person
 * never runs as a formula in a spreadsheet.
 */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${stringify(
    rows.map((row) => row.map((cell) => cell ?? '')),
    { escape_formulas: true },
  )}`;
}
