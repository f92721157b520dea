import type { SearchHit } from '@quarry/shared';
import { sql } from 'kysely';
import type { DbHandle } from '../../db/connection.ts';

export type AccountSearchOptions = { limit: number; nameOnly: boolean };
export type AccountSearch = (query: string, options: AccountSearchOptions) => Promise<SearchHit[]>;

/** At most this many words of a query are matched; the rest only make it slower. */
const MAX_TERMS = 8;

/**
 * Splits any text into plain letter-and-digit words. Quotes, `*`, `-`, `NEAR`, parentheses and
 * the like never reach the full-text engine as syntax: each word becomes a quoted prefix term.
 */
export function searchTerms(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS);
}

/** Keeps the first hit of each website (spec section 7: results are de-duplicated by website). */
export function dedupeByWebsite(hits: SearchHit[], limit: number): SearchHit[] {
  const seen = new Set<string>();
  const out: SearchHit[] = [];
  for (const hit of hits) {
    const key = hit.website ?? `id:${hit.master_account_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(hit);
    if (out.length === limit) break;
  }
  return out;
}

/** The hosted search service of the spec, on the database's own full-text index. */
export function createAccountSearch(handle: DbHandle): AccountSearch {
  return async (query, { limit, nameOnly }) => {
    const terms = searchTerms(query);
    if (terms.length === 0) return [];
    // Over-fetch so that de-duplication by website still fills the page.
    const fetch = limit * 2;
    if (handle.engine === 'sqlite') {
      const expression = terms.map((t) => `"${t}"*`).join(' ');
      const match = nameOnly ? `account_name : (${expression})` : expression;
      const { rows } = await sql<SearchHit>`
        SELECT a.master_account_id, a.account_name, a.website, a.logo_url
        FROM master_accounts_fts f JOIN master_accounts a ON a.rowid = f.rowid
        WHERE master_accounts_fts MATCH ${match}
        ORDER BY (a.account_name LIKE ${`${terms[0]}%`}) DESC, f.rank, a.account_name
        LIMIT ${fetch}`.execute(handle.db);
      return dedupeByWebsite(rows, limit);
    }
    const tsquery = terms.map((t) => `${t}:*`).join(' & ');
    const document = sql`to_tsvector('simple', account_name || ' ' || coalesce(replace(website, '.', ' '), ''))`;
    const { rows } = await sql<SearchHit>`
      SELECT master_account_id, account_name, website, logo_url
      FROM master_accounts
      WHERE ${document} @@ to_tsquery('simple', ${tsquery})
        ${nameOnly ? sql`AND to_tsvector('simple', account_name) @@ to_tsquery('simple', ${tsquery})` : sql``}
      ORDER BY (lower(account_name) LIKE ${`${terms[0]}%`}) DESC, ts_rank(${document}, to_tsquery('simple', ${tsquery})) DESC, account_name
      LIMIT ${fetch}`.execute(handle.db);
    return dedupeByWebsite(rows, limit);
  };
}
