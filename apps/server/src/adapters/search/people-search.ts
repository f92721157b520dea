import type { PersonHit } from '@quarry/shared';
import { sql } from 'kysely';
import type { DbHandle } from '../../db/connection.ts';
import { searchTerms } from './account-search.ts';

/** Searches the contacts of the accounts a tenant may see: global ones and its own uploads. */
export type PeopleSearch = (tenantId: string, query: string, limit: number) => Promise<PersonHit[]>;

/**
 * Words a person types around what they look for ("the CEO of Edison International"). They are
 * left out unless they are the last word, which may still be the start of a longer one ("the" of
 * "Theresa").
 */
const FILLER_WORDS = new Set(['a', 'an', 'and', 'at', 'by', 'for', 'from', 'in', 'of', 'on', 'the', 'to', 'with']);

/** Titles people shorten: "CEO" finds a "President & Chief Executive Officer". */
export const TITLE_ABBREVIATIONS: Readonly<Record<string, readonly string[]>> = {
  ceo: ['chief', 'executive', 'officer'],
  cfo: ['chief', 'financial', 'officer'],
  coo: ['chief', 'operating', 'officer'],
  cto: ['chief', 'technology', 'officer'],
  cio: ['chief', 'information', 'officer'],
  ciso: ['chief', 'information', 'security', 'officer'],
  cmo: ['chief', 'marketing', 'officer'],
  cro: ['chief', 'revenue', 'officer'],
  chro: ['chief', 'human', 'resources', 'officer'],
  cpo: ['chief', 'people', 'officer'],
  vp: ['vice', 'president'],
  svp: ['senior', 'vice', 'president'],
  evp: ['executive', 'vice', 'president'],
  hr: ['human', 'resources'],
};

/** Whether the last word may still be being typed: no space or stop follows it. */
export function lastWordIsOpen(query: string): boolean {
  return /[\p{L}\p{N}]$/u.test(query);
}

/** The words a people search matches: filler words dropped, but for a last word still being typed. */
export function peopleSearchTerms(query: string): string[] {
  const terms = searchTerms(query);
  const open = lastWordIsOpen(query);
  return terms.filter((term, i) => !FILLER_WORDS.has(term) || (open && i === terms.length - 1));
}

type Row = PersonHit;

/**
 * At most this many contacts matching a query's other words are read to find those with its title
 * abbreviation. "Acme Corp" holds a few; "cfo acc" (every word starting "acc") a great many, of
 * which this many usually hold a page of CFOs already.
 */
const CANDIDATES = 300;

/** Words as the search documents cut them: letters and digits, in lower case, diacritics folded. */
function wordsOf(text: string | null): string[] {
  return (
    text
      ?.normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/**
 * Whether a contact's name, title or account name holds the abbreviation itself (a word, or the
 * start of one while it is being typed) or its title's words in order, as the search document would.
 */
export function holdsAbbreviation(
  row: Pick<Row, 'first_name' | 'last_name' | 'title' | 'account_name'>,
  term: string,
  open: boolean,
): boolean {
  const expansion = TITLE_ABBREVIATIONS[term] ?? [];
  return [`${row.first_name} ${row.last_name}`, row.title, row.account_name].some((field) => {
    const words = wordsOf(field);
    return words.some(
      (word, i) =>
        word === term ||
        (open && word.startsWith(term)) ||
        (expansion.length > 0 && expansion.every((w, k) => words[i + k] === w)),
    );
  });
}

/**
 * People by name, title and account name, on the database's own indexes, as account search does:
 * first contacts whose full or last name starts with the typed text (range scans on lower-case
 * names), then contacts whose name, title or account name holds every typed word (full-text index
 * over a document per contact), an abbreviated title standing for its words in order. Only a last
 * word still being typed matches as the start of a word: the others are finished, and matching
 * them whole keeps the engine from merging every word that starts like "inc" or "systems".
 * Results sort by account, then by name, so the dialog shows them under their account.
 */
export function createPeopleSearch(handle: DbHandle): PeopleSearch {
  const { db } = handle;
  const fullName = sql<string>`lower(c.first_name || ' ' || c.last_name)`;
  const lastName = sql<string>`lower(c.last_name)`;

  function byName(tenantId: string, prefix: string, column: typeof fullName, limit: number): Promise<Row[]> {
    return db
      .selectFrom('master_contacts as c')
      .innerJoin('master_accounts as a', 'a.master_account_id', 'c.master_account_id')
      .select(['c.id', 'c.master_account_id', 'a.account_name', 'a.logo_url', 'c.first_name', 'c.last_name', 'c.title'])
      .where((eb) => eb.or([eb('a.owner_tenant_id', 'is', null), eb('a.owner_tenant_id', '=', tenantId)]))
      .where(column, '>=', prefix)
      .where(column, '<', `${prefix}\u{10FFFF}`)
      .orderBy(column)
      .limit(limit)
      .execute();
  }

  /**
   * Contacts whose search document matches `expression` (an engine's full-text query), visible to
   * the tenant, at most `limit` of them.
   */
  async function matching(tenantId: string, expression: string, limit: number): Promise<Row[]> {
    const sqlite = handle.engine === 'sqlite';
    const document = sqlite
      ? sql`master_contacts_fts f JOIN master_contacts c ON c.rowid = f.rowid`
      : sql`master_contact_search s JOIN master_contacts c ON c.id = s.contact_id`;
    const matches = sqlite
      ? sql`master_contacts_fts MATCH ${expression}`
      : sql`s.document @@ to_tsquery('simple', ${expression})`;
    const { rows } = await sql<Row>`
      SELECT c.id, c.master_account_id, a.account_name, a.logo_url, c.first_name, c.last_name, c.title
      FROM ${document}
      JOIN master_accounts a ON a.master_account_id = c.master_account_id
      WHERE ${matches} AND (a.owner_tenant_id IS NULL OR a.owner_tenant_id = ${tenantId})
      LIMIT ${limit}`.execute(db);
    return rows;
  }

  /**
   * The engine's full-text query for `terms`, an abbreviation standing also for its title's words
   * in order. `lastIsPrefix`: the last word may still be being typed. The two engines differ only
   * in how a word, a prefix and a phrase are written.
   */
  function expressionOf(terms: string[], lastIsPrefix: boolean): string {
    const sqlite = handle.engine === 'sqlite';
    return terms
      .map((t, i) => {
        const prefix = lastIsPrefix && i === terms.length - 1;
        const term = sqlite ? `"${t}"${prefix ? '*' : ''}` : `${t}${prefix ? ':*' : ''}`;
        const words = TITLE_ABBREVIATIONS[t];
        if (!words) return term;
        return sqlite ? `(${term} OR "${words.join(' ')}")` : `(${term} | ${words.join(' <-> ')})`;
      })
      .join(sqlite ? ' AND ' : ' & ');
  }

  /**
   * Every typed word in the contact's name, title or account name. A title abbreviation is matched
   * here, on the few contacts the other words found, rather than by the engine: there it is a
   * phrase ("chief executive officer") over words a third of all contacts hold, which the engine
   * checks position by position on every one of them (the 20–30 ms of "the CEO of …" at 1M).
   */
  async function byWords(tenantId: string, terms: string[], lastIsPrefix: boolean, limit: number): Promise<Row[]> {
    const lastTerm = terms.length - 1;
    const others = terms.filter((t) => !TITLE_ABBREVIATIONS[t]);
    if (others.length === 0 || others.length === terms.length)
      return matching(tenantId, expressionOf(terms, lastIsPrefix), limit);
    const titles = terms.flatMap((t, i) =>
      TITLE_ABBREVIATIONS[t] ? [{ term: t, open: lastIsPrefix && i === lastTerm }] : [],
    );
    const othersOpen = lastIsPrefix && !TITLE_ABBREVIATIONS[terms[lastTerm] ?? ''];
    const candidates = await matching(tenantId, expressionOf(others, othersOpen), CANDIDATES);
    const found = candidates.filter((row) => titles.every(({ term, open }) => holdsAbbreviation(row, term, open)));
    // All candidates read: exactly what the engine would have found. Otherwise enough of them, or
    // the engine's own query for the rest.
    if (candidates.length < CANDIDATES || found.length >= limit) return found.slice(0, limit);
    return matching(tenantId, expressionOf(terms, lastIsPrefix), limit);
  }

  return async (tenantId, query, limit) => {
    const terms = peopleSearchTerms(query);
    if (terms.length === 0) return [];
    const prefix = query.trim().toLowerCase().replace(/\s+/g, ' ');
    const found = new Map<string, Row>();
    const add = (rows: Row[]) => {
      for (const row of rows) if (found.size < limit && !found.has(row.id)) found.set(row.id, row);
    };
    add(await byName(tenantId, prefix, fullName, limit));
    if (found.size < limit) add(await byName(tenantId, prefix, lastName, limit));
    // Over-fetch by what is already found: the same people may match again.
    if (found.size < limit) add(await byWords(tenantId, terms, lastWordIsOpen(query), limit + found.size));
    return [...found.values()].sort(
      (a, b) =>
        a.account_name.localeCompare(b.account_name) ||
        a.master_account_id.localeCompare(b.master_account_id) ||
        a.last_name.localeCompare(b.last_name) ||
        a.first_name.localeCompare(b.first_name),
    );
  };
}
