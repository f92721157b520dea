import type { UploadFormat } from '@quarry/shared';

/**
 * Lines with something on them, as the server counts them: a CSV's header row left out, and a CSV
 * row of separators, quotes and spaces only (",,") is no line; any other character ("!!!") makes
 * a line, one that will fail.
 */
export function countUploadLines(text: string, format: UploadFormat): number {
  const filled = text
    .split(/\r\n|\n|\r/)
    .filter((line) => (format === 'csv' ? /[^\s,;"]/u.test(line) : line.trim() !== '')).length;
  return format === 'csv' ? Math.max(0, filled - 1) : filled;
}
