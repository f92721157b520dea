import { UPLOAD_CSV_COLUMNS, type UploadType } from '@quarry/shared';

/** Whether a CSV's header row names a column the server reads for this type (website, domain, id…). */
export function csvHasColumn(text: string, type: Exclude<UploadType, 'FILTER'>): boolean {
  const header = (text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)[0] ?? '')
    .split(',')
    .map((cell) => cell.trim().replace(/^"|"$/g, '').trim().toLowerCase());
  return UPLOAD_CSV_COLUMNS[type].some((name) => header.includes(name));
}
