import { csvDelimiter, type UploadFormat } from '@quarry/shared';
import { parse } from 'csv-parse/browser/esm/sync';

/**
 * A CSV's rows as the server reads them (read-upload-input.ts, the same parser and options): a
 * cell in quotes may hold line breaks, so rows are not the file's lines. Null when it cannot be read.
 */
export function csvRows(text: string): string[][] | null {
  const body = text.replace(/^\uFEFF/, '');
  try {
    return parse(body, {
      delimiter: csvDelimiter(body.split(/\r\n|\n|\r/, 1)[0] ?? ''),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch {
    return null;
  }
}

/**
 * Lines with something on them, as the server counts them: a CSV's header row left out, and a CSV
 * row whose cells are all empty (",,", quotes and spaces) is no line; any other row is a line,
 * one that may fail ("!!!"). A CSV the parser cannot read counts its non-empty lines.
 */
export function countUploadLines(text: string, format: UploadFormat): number {
  const rows = format === 'csv' ? csvRows(text) : null;
  if (!rows) return text.split(/\r\n|\n|\r/).filter((line) => line.trim() !== '').length;
  const filled = rows.slice(1).filter((row) => row.some((cell) => cell.trim() !== '')).length;
  return filled;
}
