import {
  csvDelimiter,
  UPLOAD_CSV_COLUMNS,
  UPLOAD_EMPTY_CELL,
  UPLOAD_MAX_LINES,
  UPLOAD_MAX_LINES_MESSAGE,
  type UploadFormat,
  type UploadType,
  uploadCsvColumn,
} from '@quarry/shared';
import { parse } from 'csv-parse/sync';
import { invalidField } from '../../lib/http-error.ts';

/** The values of an upload in source order (empty ones kept, so positions stay line numbers). */
export type UploadInput = { values: string[]; firstLine: number; lineCount: number };

/** Longest value kept per line: anything longer is no website, domain or id anyway. */
const MAX_VALUE_LENGTH = 500;

/** Text with NUL or other control bytes (not tab, CR, LF) is a binary file, not a list of lines. */
function looksBinary(text: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control bytes is the point
  return /[\u0000-\u0008\u000e-\u001f]/.test(text.slice(0, 65_536));
}

const clean = (value: string) =>
  value
    .replace(/[\r\n]+/g, ' ')
    .trim()
    .slice(0, MAX_VALUE_LENGTH);

/**
 * Reads pasted text or a file's text: one value per line, or a CSV whose header names the column
 * (website, domain, id… per type). Refuses, before any work, binary text, a CSV without a usable
 * column, an empty upload and one over UPLOAD_MAX_LINES.
 */
export function readUploadInput(text: string, format: UploadFormat, type: Exclude<UploadType, 'FILTER'>): UploadInput {
  if (looksBinary(text)) throw invalidField('input', 'This file is not text: upload a CSV or a text file', 'not_text');
  const body = text.replace(/^\uFEFF/, '');
  let values: string[];
  let firstLine = 1;
  if (format === 'csv') {
    let rows: string[][];
    try {
      const delimiter = csvDelimiter(body.split(/\r\n|\n|\r/, 1)[0] ?? '');
      rows = parse(body, {
        delimiter,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: false,
      }) as string[][];
    } catch {
      throw invalidField('input', 'This CSV could not be read', 'unreadable_csv');
    }
    const column = uploadCsvColumn(rows[0] ?? [], type);
    if (column < 0) {
      throw invalidField(
        'input',
        `No usable column in the CSV header: name one ${UPLOAD_CSV_COLUMNS[type].join(', ')}`,
        'no_usable_column',
      );
    }
    // A row with something in it but an empty column is a line that failed, not a blank one.
    values = rows
      .slice(1)
      .map((row) => clean(row[column] ?? '') || (row.some((cell) => cell.trim() !== '') ? UPLOAD_EMPTY_CELL : ''));
    firstLine = 2;
  } else {
    values = body.split(/\r\n|\n|\r/).map(clean);
  }
  const lineCount = values.reduce((n, v) => (v ? n + 1 : n), 0);
  if (lineCount === 0) throw invalidField('input', 'Nothing to upload: the lines are empty', 'nothing_to_upload');
  if (lineCount > UPLOAD_MAX_LINES)
    throw invalidField('input', UPLOAD_MAX_LINES_MESSAGE, 'too_many_items', UPLOAD_MAX_LINES);
  return { values, firstLine, lineCount };
}
