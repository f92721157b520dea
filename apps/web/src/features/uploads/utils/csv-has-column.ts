import { csvDelimiter, type UploadType, uploadCsvColumn } from '@quarry/shared';

/** Whether a CSV's header row names a column the server reads for this type (website, domain, id…), as the server reads it. */
export function csvHasColumn(text: string, type: Exclude<UploadType, 'FILTER'>): boolean {
  const line = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)[0] ?? '';
  const header = line.split(csvDelimiter(line)).map((cell) => cell.trim().replace(/^"|"$/g, '').trim());
  return uploadCsvColumn(header, type) >= 0;
}
