import type { UploadFormat } from '@quarry/shared';

/**
 * Lines with something on them, as the server counts them: a CSV's header row left out, and a CSV
 * row of separators only (",,") is no line.
 */
export function countUploadLines(text: string, format: UploadFormat): number {
  const filled = text
    .split(/\r\n|\n|\r/)
    .filter((line) => (format === 'csv' ? /[\p{L}\p{N}]/u.test(line) : line.trim() !== '')).length;
  return format === 'csv' ? Math.max(0, filled - 1) : filled;
}
