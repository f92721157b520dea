import { TERRITORY_SELECTION_CAP, type UploadFailureReason } from '@quarry/shared';
import { parse } from 'csv-parse/browser/esm/sync';
import type { TFunction } from 'i18next';
import { toCsv } from '../../../lib/csv.ts';

/** Why a line added no account, in the reader's language. */
export function failureReasonText(
  t: TFunction,
  f: { reason: UploadFailureReason | string; duplicate_of: number | string | null },
): string {
  if (f.reason === 'duplicate') return t('uploads.reasons.duplicate', { line: f.duplicate_of });
  if (f.reason === 'did_not_fit') return t('uploads.reasons.did_not_fit', { max: TERRITORY_SELECTION_CAP - 1 });
  return t(`uploads.reasons.${f.reason}`, { defaultValue: f.reason });
}

/**
 * The server's failures CSV with its column names and explanation column in the reader's language
 * (the server writes them in English): the other columns (the reason's code among them), their
 * quoting and escaped formulas, stay as they came.
 */
export function translateFailuresCsv(csv: string, t: TFunction): string {
  let rows: string[][];
  try {
    rows = parse(csv.replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][];
  } catch {
    // Not the CSV this page knows: handed on as the server wrote it.
    return csv;
  }
  const header = rows[0] ?? [];
  const reason = header.indexOf('reason');
  const duplicateOf = header.indexOf('duplicate_of');
  const explanation = header.indexOf('explanation');
  if (reason < 0 || explanation < 0) return csv;
  const translated = rows.map((row, i) => {
    // The column names too: a Chinese reader had "line,value,reason,duplicate_of" over their own text.
    if (i === 0) return row.map((name) => t(`uploads.failuresCsv.${name}`, { defaultValue: name }));
    const copy = [...row];
    copy[explanation] = failureReasonText(t, { reason: row[reason] ?? '', duplicate_of: row[duplicateOf] || null });
    return copy;
  });
  return `\uFEFF${toCsv(translated)}`;
}
