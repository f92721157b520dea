import type { SearchHit } from '@quarry/shared';
import { sql } from 'kysely';
import { compactAccountName, compactText } from '../../db/compact-name.ts';
import type { DbHandle } from '../../db/connection.ts';
import { normalizeWebsite } from '../../modules/accounts/normalize-website.ts';

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

/** Legal forms a reader types after a name that the name itself seldom carries ("Walmart Inc"). */
const LEGAL_FORMS = new Set(['inc', 'incorporated', 'corp', 'corporation', 'co', 'ltd', 'llc', 'plc', 'lp']);

/**
 * The compact prefixes a query may stand for (db/compact-name.ts): as typed, and without a
 * trailing legal form and without the word "and" ("procter and gamble" for "Procter & Gamble").
 * Empty ones and those of fewer than three characters (too short to mean one spelling) are left out.
 */
export function compactPrefixes(query: string): string[] {
  const words = query.toLowerCase().trim().split(/\s+/).filter(Boolean);
  while (words.length > 1 && LEGAL_FORMS.has(compactText(words.at(-1) as string))) words.pop();
  const variants = new Set([compactText(words.join(' ')), compactText(words.filter((w) => w !== 'and').join(' '))]);
  return [...variants].filter((v) => v.length >= 3);
}

/**
 * Spellings one typing slip away from a compact query that found nothing: a letter left out,
 * doubled, swapped with the next or mistyped ("aple" Apple, "wallmart" Walmart, "mcdonlads"
 * McDonald's). The first letter is taken as typed, and a mistyped or missed letter is looked for
 * only after the second (a wildcard after the first letter alone would scan a 26th of every
 * name). Each is a LIKE pattern on the compact name, grouped under the literal start an index
 * range can scan. Queries of fewer than four characters have too many neighbours to mean one
 * name, and `%`, `_` or `\` would be wildcards: none then.
 */
export function oneSlipPatterns(typed: string): Map<string, Set<string>> {
  const groups = new Map<string, Set<string>>();
  if (typed.length < 4 || /[%_\\]/.test(typed)) return groups;
  const add = (start: string, pattern: string) => {
    const group = groups.get(start) ?? new Set<string>();
    groups.set(start, group.add(pattern));
  };
  for (let i = 1; i < typed.length; i++) {
    const left = typed.slice(0, i);
    // A letter too many: the one at i.
    const without = left + typed.slice(i + 1);
    add(without, `${without}%`);
    // A mistyped or missed letter needs a wildcard: after the first two letters, whose range is small.
    if (i >= 2) {
      add(left, `${left}_${typed.slice(i + 1)}%`);
      add(left, `${left}_${typed.slice(i)}%`);
    }
    // Two letters swapped.
    if (i + 1 < typed.length && typed[i] !== typed[i + 1]) {
      const swapped = `${left}${typed[i + 1]}${typed[i]}${typed.slice(i + 2)}`;
      add(swapped, `${swapped}%`);
    }
  }
  return groups;
}

/** The smallest string above every string that starts with `prefix`. */
function prefixUpperBound(prefix: string): string {
  return `${prefix}\u{10FFFF}`;
}

/**
 * The hosted search service of the spec, on the database's own indexes. A typed website's own
 * account comes first (the website index); then names that start with the typed text,
 * alphabetically (a range scan on lower(account_name)); then names whose compact form (no spaces,
 * hyphens, apostrophes or "&") starts with the query's, for other spellings; then any
 * account whose name or website has words starting with every typed word (full-text index).
 * Neither step ranks every match, so a two-letter prefix over a million accounts stays fast. A
 * query that finds nothing at all tries the spellings one typing slip away.
 * Accounts an upload made belong to one tenant, and search knows no tenant: it leaves them out.
 */
export function createAccountSearch(handle: DbHandle): AccountSearch {
  const { db } = handle;
  const columns = ['master_account_id', 'account_name', 'website', 'logo_url'] as const;

  function byNamePrefix(prefix: string, limit: number) {
    return db
      .selectFrom('master_accounts')
      .select(columns)
      .where('owner_tenant_id', 'is', null)
      .where(sql<string>`lower(account_name)`, '>=', prefix)
      .where(sql<string>`lower(account_name)`, '<', prefixUpperBound(prefix))
      .orderBy(sql`lower(account_name)`)
      .limit(limit)
      .execute();
  }

  /** Names whose compact form starts with the compact query: "wal mart" and "Wal-Mart" find Walmart. */
  function byCompactPrefix(prefix: string, limit: number) {
    return db
      .selectFrom('master_accounts')
      .select(columns)
      .where('owner_tenant_id', 'is', null)
      .where(compactAccountName, '>=', prefix)
      .where(compactAccountName, '<', prefixUpperBound(prefix))
      .orderBy(compactAccountName)
      .limit(limit)
      .execute();
  }

  /**
   * Names one typing slip from the compact query (oneSlipPatterns), the largest companies first:
   * what "aple" most likely meant is Apple, not a small company that also fits.
   */
  async function byCloseSpelling(typed: string, limit: number): Promise<SearchHit[]> {
    const found = new Map<string, SearchHit & { revenue: number | string | null }>();
    for (const [start, patterns] of oneSlipPatterns(typed)) {
      const range = sql`${compactAccountName} >= ${start} AND ${compactAccountName} < ${prefixUpperBound(start)}`;
      const like = sql.join(
        [...patterns].map((pattern) => sql`${compactAccountName} LIKE ${pattern}`),
        sql` OR `,
      );
      // On SQLite the range and the patterns are read from the index alone (a covering scan by
      // rowid): asking the table for owner_tenant_id on every name of a two-letter range took 30×
      // longer. PostgreSQL reads the rows either way.
      const { rows } =
        handle.engine === 'sqlite'
          ? await sql<SearchHit & { revenue: number | string | null }>`
              SELECT a.master_account_id, a.account_name, a.website, a.logo_url, a.revenue
              FROM (SELECT rowid FROM master_accounts WHERE ${range} AND (${like}) LIMIT ${limit}) f
              JOIN master_accounts a ON a.rowid = f.rowid
              WHERE a.owner_tenant_id IS NULL`.execute(db)
          : await sql<SearchHit & { revenue: number | string | null }>`
              SELECT master_account_id, account_name, website, logo_url, revenue
              FROM master_accounts
              WHERE owner_tenant_id IS NULL AND ${range} AND (${like})
              LIMIT ${limit}`.execute(db);
      for (const row of rows) found.set(row.master_account_id, row);
    }
    return [...found.values()]
      .sort((a, b) => Number(b.revenue ?? -1) - Number(a.revenue ?? -1) || a.account_name.localeCompare(b.account_name))
      .map(({ revenue: _, ...hit }) => hit);
  }

  /**
   * Accounts known by another name than their own that the query spells: exactly, from two
   * letters ("GE", "P&G"), or as its start from three ("goog" Alphabet, for Google).
   */
  async function byAlias(typed: string, limit: number): Promise<SearchHit[]> {
    if (typed.length < 2 || /[%_\\]/.test(typed)) return [];
    const rows = await db
      .selectFrom('account_aliases as x')
      .innerJoin('master_accounts as a', 'a.master_account_id', 'x.master_account_id')
      .select(['a.master_account_id', 'a.account_name', 'a.website', 'a.logo_url', 'x.alias_key'])
      .where('a.owner_tenant_id', 'is', null)
      .where((eb) =>
        typed.length >= 3
          ? eb.and([eb('x.alias_key', '>=', typed), eb('x.alias_key', '<', prefixUpperBound(typed))])
          : eb('x.alias_key', '=', typed),
      )
      .orderBy('x.alias_key')
      .orderBy('a.account_name')
      .limit(limit)
      .execute();
    // The alias typed in full first ("ge" General Electric before any "ge…" alias).
    const exact = rows.filter((r) => r.alias_key === typed);
    return [...exact, ...rows.filter((r) => r.alias_key !== typed)].map(({ alias_key: _, ...hit }) => hit);
  }

  /** Accounts whose website is exactly the typed one ("ge.com", "https://www.ge.com/"), on the website index. */
  function byWebsite(website: string, limit: number) {
    return db
      .selectFrom('master_accounts')
      .select(columns)
      .where('website', '=', website)
      .where('owner_tenant_id', 'is', null)
      .limit(limit)
      .execute();
  }

  async function byWords(terms: string[], limit: number, nameOnly: boolean): Promise<SearchHit[]> {
    if (handle.engine === 'sqlite') {
      const expression = terms.map((t) => `"${t}"*`).join(' ');
      const match = nameOnly ? `account_name : (${expression})` : expression;
      const { rows } = await sql<SearchHit>`
        SELECT a.master_account_id, a.account_name, a.website, a.logo_url
        FROM (SELECT rowid FROM master_accounts_fts WHERE master_accounts_fts MATCH ${match} LIMIT ${limit}) f
        JOIN master_accounts a ON a.rowid = f.rowid
        WHERE a.owner_tenant_id IS NULL`.execute(db);
      return rows;
    }
    const tsquery = terms.map((t) => `${t}:*`).join(' & ');
    const document = sql`to_tsvector('simple', account_name || ' ' || coalesce(replace(website, '.', ' '), ''))`;
    const { rows } = await sql<SearchHit>`
      SELECT master_account_id, account_name, website, logo_url
      FROM master_accounts
      WHERE ${document} @@ to_tsquery('simple', ${tsquery}) AND owner_tenant_id IS NULL
        ${nameOnly ? sql`AND to_tsvector('simple', account_name) @@ to_tsquery('simple', ${tsquery})` : sql``}
      LIMIT ${limit}`.execute(db);
    return rows;
  }

  return async (query, { limit, nameOnly }) => {
    const terms = searchTerms(query);
    if (terms.length === 0) return [];
    // Over-fetch so that de-duplication by website still fills the page.
    const fetch = limit * 2;
    const prefix = query.trim().toLowerCase().replace(/\s+/g, ' ');
    // A typed website finds its own account first, before names that merely share a word with it.
    const website = nameOnly ? null : normalizeWebsite(query);
    const exact = website ? await byWebsite(website, fetch) : [];
    const exactIds = new Set(exact.map((h) => h.master_account_id));
    // A name the company is known by ("google", "P&G") before names that merely start with it.
    const spelt = compactText(query.trim());
    const aliased = await byAlias(spelt, fetch);
    for (const h of aliased) exactIds.add(h.master_account_id);
    const named = await byNamePrefix(prefix, fetch);
    let first = [
      ...exact,
      ...aliased.filter((h) => !exact.some((e) => e.master_account_id === h.master_account_id)),
      ...named.filter((h) => !exactIds.has(h.master_account_id)),
    ];
    if (dedupeByWebsite(first, limit).length === limit) return dedupeByWebsite(first, limit);
    // Then the same name however it is spelt: hyphens, spaces, apostrophes, "&" or "and", "Inc".
    for (const compact of compactPrefixes(query)) {
      const known = new Set(first.map((h) => h.master_account_id));
      first = [...first, ...(await byCompactPrefix(compact, fetch)).filter((h) => !known.has(h.master_account_id))];
    }
    if (dedupeByWebsite(first, limit).length === limit) return dedupeByWebsite(first, limit);
    const seen = new Set(first.map((h) => h.master_account_id));
    const rest = (await byWords(terms, fetch, nameOnly)).filter((h) => !seen.has(h.master_account_id));
    rest.sort((a, b) => a.account_name.localeCompare(b.account_name));
    const hits = dedupeByWebsite([...first, ...rest], limit);
    if (hits.length > 0 || website) return hits;
    // Nothing at all: perhaps a slip of the keyboard.
    const [typed] = compactPrefixes(query);
    return typed ? dedupeByWebsite(await byCloseSpelling(typed, fetch), limit) : [];
  };
}
