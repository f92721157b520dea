const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A signal's date as a person writes it in US English, as the app shows dates ("March 14, 2026"),
 * or null when there is none. The date is read as written (2026-03-14T23:30-05:00 stays the 14th),
 * so the email names the day the source did.
 */
export function plainDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const written = /^\s*(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (written) {
    const year = Number(written[1]);
    const month = Number(written[2]);
    const day = Number(written[3]);
    if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
    return `${MONTHS[month - 1]} ${day}, ${year}`;
  }
  const parsed = Date.parse(value);
  if (Number.isNaN(parsed)) return null;
  const date = new Date(parsed);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
