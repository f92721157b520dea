import crypto from 'node:crypto';
import { type Insertable, sql } from 'kysely';
import type { Db, DbHandle } from '../../db/connection.ts';
import type { MasterAccountsTable } from '../../db/schema.ts';
import { registrableDomain } from '../../lib/registrable-domain.ts';
import { nowIso } from '../../lib/time.ts';
import { copyAccounts, type PhaseListener } from './copy-accounts.ts';
import { normalizeWebsite } from './normalize-website.ts';

export type AccountInput = {
  name?: string | null;
  website?: string | null;
  industry?: string | null;
  sector?: string | null;
  employees?: string | number | null;
  revenue?: string | number | null;
  location?: string | null;
  description?: string | null;
};

export type ImportResult = { imported: number; skipped: number; problems: string[] };

/** Rows per INSERT: 11 columns each stays far below SQLite's 32,766 bound parameters. */
const CHUNK = 500;
const MAX_PROBLEMS = 20;
/**
 * From this many rows on, a SQLite import drops the secondary indexes of master_accounts and builds
 * them again before it commits: one sorted build each costs far less than a million scattered
 * inserts (measured at 1M rows: 63 s instead of 139 s). Readers keep the last committed snapshot
 * meanwhile. On PostgreSQL the same count applies to the accounts new to the table (copy-accounts.ts).
 */
const BULK_ROWS = 50_000;

function toNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).replace(/[$,\s]/g, ''));
  return Number.isFinite(n) && n >= 0 ? Math.round(n) : null;
}

const text = (value: string | null | undefined, max: number) => {
  const t = value?.trim();
  return t ? t.slice(0, max) : null;
};

/** The same account (by domain, or by name without one) always gets the same id: imports are idempotent. */
export function accountIdFor(name: string, website: string | null): string {
  const key = website ?? `name:${name.toLowerCase()}`;
  return `acc_${crypto.createHash('sha1').update(key).digest('hex').slice(0, 20)}`;
}

/** Drops the secondary indexes of master_accounts (not the primary key's) and answers how to build them again. */
async function dropSecondaryIndexes(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string; sql: string }>`SELECT name, sql FROM sqlite_master
    WHERE type = 'index' AND tbl_name = 'master_accounts' AND sql IS NOT NULL`.execute(db);
  for (const index of rows) await sql`DROP INDEX ${sql.id(index.name)}`.execute(db);
  return rows.map((index) => index.sql);
}

/** Rows checked and shaped for master_accounts; a row without a name is counted as skipped, with why. */
async function* accountRows(
  rows: Iterable<AccountInput> | AsyncIterable<AccountInput>,
  result: ImportResult,
  created_at: string,
): AsyncGenerator<Insertable<MasterAccountsTable>> {
  let line = 1;
  for await (const row of rows) {
    line++;
    const name = text(row.name, 300);
    if (!name) {
      result.skipped++;
      if (result.problems.length < MAX_PROBLEMS) result.problems.push(`row ${line}: name is required`);
      continue;
    }
    const website = normalizeWebsite(row.website);
    yield {
      master_account_id: accountIdFor(name, website),
      account_name: name,
      website,
      website_domain: website ? registrableDomain(website) : null,
      logo_url: null,
      industry: text(row.industry, 200),
      sector: text(row.sector, 200),
      employees: toNumber(row.employees),
      revenue: toNumber(row.revenue),
      location: text(row.location, 200),
      description: text(row.description, 2000),
      created_at,
    };
  }
}

/**
 * Loads accounts into the global reference data in one transaction. An account already there
 * (same id) is left as it was. Searchable at once: the full-text index is kept by the database
 * (triggers on SQLite, an expression index on PostgreSQL), and indexes dropped for a big import
 * are built again inside the same transaction. PostgreSQL loads through COPY (copy-accounts.ts);
 * SQLite through large INSERTs.
 */
export async function importAccounts(
  { db, engine, pool }: Pick<DbHandle, 'db' | 'engine' | 'pool'>,
  rows: Iterable<AccountInput> | AsyncIterable<AccountInput>,
  { bulkRows = BULK_ROWS, onPhase }: { bulkRows?: number; onPhase?: PhaseListener } = {},
): Promise<ImportResult> {
  const result: ImportResult = { imported: 0, skipped: 0, problems: [] };
  const accounts = accountRows(rows, result, nowIso());
  if (engine === 'postgres') {
    if (!pool) throw new Error('A PostgreSQL import needs the connection pool (openDatabase gives it)');
    const { inserted, copied } = await copyAccounts(pool, accounts, { bulkRows, onPhase });
    result.imported = inserted;
    result.skipped += copied - inserted;
    return result;
  }
  await db.transaction().execute(async (tx) => {
    let chunk: Insertable<MasterAccountsTable>[] = [];
    let bulk = false;
    const indexesToBuild: string[] = [];
    const flush = async () => {
      if (chunk.length === 0) return;
      if (!bulk && result.imported + result.skipped >= bulkRows) {
        bulk = true;
        indexesToBuild.push(...(await dropSecondaryIndexes(tx)));
      }
      const inserted = await tx
        .insertInto('master_accounts')
        .values(chunk)
        .onConflict((oc) => oc.column('master_account_id').doNothing())
        .executeTakeFirst();
      const n = Number(inserted.numInsertedOrUpdatedRows ?? 0);
      result.imported += n;
      result.skipped += chunk.length - n;
      chunk = [];
    };
    for await (const account of accounts) {
      chunk.push(account);
      if (chunk.length === CHUNK) await flush();
    }
    await flush();
    for (const ddl of indexesToBuild) await sql.raw(ddl).execute(tx);
  });
  return result;
}
