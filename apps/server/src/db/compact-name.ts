import { type RawBuilder, sql } from 'kysely';

/**
 * Characters a company name is written with or without ("Wal-Mart", "McDonald's", "AT&T",
 * "Coca-Cola", "JPMorgan" and "JP Morgan"): the compact form of a name leaves them out, so that
 * any of its spellings finds it. One expression for both engines, the same in migration 058's
 * index and in the search that reads it.
 */
const DROPPED = [' ', '-', '.', ',', "'", '’', '&', '/'] as const;

/** The SQL of a name's compact form: lower case, without the characters above. */
export function compactNameSql(column: string): string {
  let expression = `lower(${column})`;
  for (const ch of DROPPED) expression = `replace(${expression}, '${ch === "'" ? "''" : ch}', '')`;
  return expression;
}

export const compactAccountName: RawBuilder<string> = sql<string>`${sql.raw(compactNameSql('account_name'))}`;

/** The same compact form of a typed text, as JavaScript computes it. */
export function compactText(text: string): string {
  let out = text.toLowerCase();
  for (const ch of DROPPED) out = out.split(ch).join('');
  return out;
}

/**
 * A typed text without its accents ("estée" → "estee", "ÉLAN" → "élan" → "elan"): the company data
 * mostly writes names without them. Lower case as JavaScript does it, for every letter (SQLite's
 * lower() knows only A to Z).
 */
export function foldedText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}
