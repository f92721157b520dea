import { stringify } from 'csv-stringify/browser/esm/sync';

/** One CSV cell: text, a number or a boolean; null and undefined leave the cell empty. */
export type CsvCell = string | number | boolean | null | undefined;

/**
 * Rows as CSV text, each record ending in CRLF as RFC 4180 asks (the server's CSVs too). Every CSV Quarry writes goes through here:
 * csv-stringify quotes (RFC 4180) and escapes formulas (OWASP "CSV Injection": a text cell
 * starting with = + - @, tab or carriage return, or their full-width forms, gets a leading single
 * quote), so user-typed text such as a display name `=HYPERLINK(…)` never runs in a spreadsheet.
 */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return stringify(
    rows.map((row) => row.map((cell) => cell ?? '')),
    // A cell holding any line break is quoted: with CRLF records csv-stringify quotes only a CRLF in it.
    { escape_formulas: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ },
  );
}
