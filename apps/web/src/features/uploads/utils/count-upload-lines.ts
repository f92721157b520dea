import { csvDelimiter, type UploadFormat } from '@quarry/shared';

/**
 * Lines with something on them, as the server counts them: a CSV's header row left out, and a CSV
 * row whose cells are all empty (",,", quotes and spaces) is no line; any other row is a line,
 * one that may fail ("!!!").
 */
export function countUploadLines(text: string, format: UploadFormat): number {
  const lines = text.split(/\r\n|\n|\r/);
  if (format !== 'csv') return lines.filter((line) => line.trim() !== '').length;
  const delimiter = csvDelimiter(lines[0] ?? '');
  const filled = lines.filter((line) =>
    line.split(delimiter).some((cell) => cell.trim().replace(/^"|"$/g, '').trim() !== ''),
  ).length;
  return Math.max(0, filled - 1);
}
