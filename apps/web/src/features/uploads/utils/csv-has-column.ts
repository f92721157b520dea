import { csvDelimiter, UPLOAD_CSV_COLUMNS, type UploadType, uploadCsvColumn } from '@quarry/shared';

/** Whether a CSV's header row names a column the server reads for this type (website, domain, id…), as the server reads it. */
export function csvHasColumn(text: string, type: Exclude<UploadType, 'FILTER'>): boolean {
  const line = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)[0] ?? '';
  const header = line.split(csvDelimiter(line)).map((cell) => cell.trim().replace(/^"|"$/g, '').trim());
  return uploadCsvColumn(header, type) >= 0;
}

/**
 * A one-column CSV without a header: no line of its start holds a separator (comma, semicolon or
 * tab), and its first line is a value, not a column name: a domain or web address ("walmart.com")
 * or an id ("acc_walmart_com"), never a word ("Domains", "Company"), which still gets the message
 * naming the columns.
 */
export function isHeaderlessColumn(text: string): boolean {
  if (/[,;\t]/.test(text.slice(0, 65_536))) return false;
  const first = (text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/, 1)[0] ?? '').trim().replace(/^"|"$/g, '');
  if (!/^\S+$/.test(first) || !/[._\d/]/.test(first)) return false;
  return !(Object.keys(UPLOAD_CSV_COLUMNS) as Exclude<UploadType, 'FILTER'>[]).some((type) => csvHasColumn(text, type));
}
