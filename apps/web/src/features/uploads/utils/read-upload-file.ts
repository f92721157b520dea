import { UPLOAD_MAX_BYTES, type UploadFormat } from '@quarry/shared';

export type UploadFile = { name: string; text: string; format: UploadFormat };
export type UploadFileProblem = 'tooLarge' | 'notText' | 'emptyFile';

/** Control bytes other than tab, CR and LF: a spreadsheet or an image, not lines of text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control bytes is the point
const BINARY = /[\u0000-\u0008\u000e-\u001f]/;

/**
 * Bytes that are not UTF-8 read as U+FFFD. A Latin-1 CSV has one where an accent stood, a few
 * in a line; random bytes (a file named .csv that is not one) have them everywhere.
 */
function undecodable(text: string): boolean {
  let replaced = 0;
  for (const c of text) if (c === '\uFFFD') replaced++;
  return replaced > 16 && replaced * 10 > text.length;
}

/** Reads a dropped or chosen file: a CSV (by its name or type) or plain text, one value per line. */
export async function readUploadFile(file: File): Promise<UploadFile | UploadFileProblem> {
  if (file.size > UPLOAD_MAX_BYTES) return 'tooLarge';
  const text = await file.text();
  if (text.trim() === '') return 'emptyFile';
  const start = text.slice(0, 65_536);
  if (BINARY.test(start) || undecodable(start)) return 'notText';
  const csv = /\.csv$/i.test(file.name) || file.type === 'text/csv';
  return { name: file.name, text, format: csv ? 'csv' : 'lines' };
}
