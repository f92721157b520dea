import { csvDelimiter, UPLOAD_CSV_COLUMNS, type UploadType, uploadCsvColumn } from '@quarry/shared';

/** Whether a CSV's header row names a column the server reads for this type (website, domain, id…), as the server reads it. */
export function csvHasColumn(text: string, type: Exclude<UploadType, 'FILTER'>): boolean {
  const line = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)[0] ?? '';
  const header = line.split(csvDelimiter(line)).map((cell) => cell.trim().replace(/^"|"$/g, '').trim());
  return uploadCsvColumn(header, type) >= 0;
}

/**
 * A one-column CSV without a header: no line of its start holds a separator (comma, semicolon or
 * tab) and its first line names no column of any upload type ("walmart.com", not "website" — a
 * header of another type still gets the message naming the columns).
 */
export function isHeaderlessColumn(text: string): boolean {
  if (/[,;\t]/.test(text.slice(0, 65_536))) return false;
  return !(Object.keys(UPLOAD_CSV_COLUMNS) as Exclude<UploadType, 'FILTER'>[]).some((type) => csvHasColumn(text, type));
}
