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

/**
 * The file's text in whatever encoding it was saved: UTF-16 by its byte-order mark (a
 * spreadsheet's "Unicode text"), UTF-8 when its bytes are, and otherwise Windows-1252, the
 * encoding of a CSV a Western spreadsheet saves by default ("café-zürich.ch" read as UTF-8 came
 * out "caf�-z�rich.ch").
 */
async function decoded(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const latin = new TextDecoder('windows-1252').decode(bytes);
    // Western text is mostly ASCII with an accent here and there; random bytes are no Western
    // text either: read as UTF-8, they fail the checks below.
    const start = latin.slice(0, 65_536);
    let accented = 0;
    for (let i = 0; i < start.length; i++) if (start.charCodeAt(i) > 0x7f) accented++;
    return BINARY.test(start) || accented * 10 > start.length * 3 ? new TextDecoder('utf-8').decode(bytes) : latin;
  }
}

/**
 * Reads a dropped or chosen file: a CSV (by its name or type, or a text file whose first line is
 * separated by tabs or semicolons) or plain text, one value per line.
 */
export async function readUploadFile(file: File): Promise<UploadFile | UploadFileProblem> {
  if (file.size > UPLOAD_MAX_BYTES) return 'tooLarge';
  const text = (await decoded(file)).replace(/^\uFEFF/, '');
  if (text.trim() === '') return 'emptyFile';
  const start = text.slice(0, 65_536);
  if (BINARY.test(start) || undecodable(start)) return 'notText';
  const firstLine = text.split(/\r\n|\n|\r/, 1)[0] ?? '';
  const csv = /\.(csv|tsv)$/i.test(file.name) || file.type === 'text/csv' || /[\t;]/.test(firstLine);
  return { name: file.name, text, format: csv ? 'csv' : 'lines' };
}
