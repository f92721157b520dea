import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database } from './schema.ts';
import { TenantScopeGuard } from './tenant-scope.ts';

export type Engine = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
/** `pool` is PostgreSQL's, for what Kysely cannot say (COPY streams); absent on SQLite. */
export type DbHandle = { db: Db; engine: Engine; close: () => Promise<void>; pool?: pg.Pool };

/**
 * Opens the configured engine: an embedded SQLite file (WAL, foreign keys on) or a PostgreSQL pool.
 * Outside production every query passes the tenant guard (tenant-scope.ts), so a query on a
 * tenant table that forgot its tenant fails in tests and development instead of leaking.
 */
export function openDatabase(
  database: Config['database'],
  { guardTenants = true, log }: { guardTenants?: boolean; log?: Pick<Logger, 'warn'> } = {},
): DbHandle {
  const plugins = guardTenants ? [new TenantScopeGuard()] : [];
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // An idle connection the server closed (restart, failover, terminated) is dropped from the pool
    // and the next query opens a new one; unheard, the pool's 'error' event would end the process.
    pool.on('error', (error) => log?.warn({ err: error }, 'idle PostgreSQL connection lost'));
    // pg also emits 'error' on a connection that ends while checked out (the pool listens only to
    // idle ones): the query in hand already fails with it, so the event itself is only logged.
    pool.on('connect', (client) => {
      client.on('error', (error) => log?.warn({ err: error }, 'PostgreSQL connection lost'));
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    return { db, engine: 'postgres', close: () => db.destroy(), pool };
  }
  if (database.file !== ':memory:') fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = withStatementCache(new SQLite(database.file));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // Up to 256 MB of page cache instead of 2 MB (a ceiling, not an allocation): a million-account
  // import keeps its indexes in memory instead of spilling pages mid-transaction.
  sqlite.pragma('cache_size = -262144');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), plugins });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

/** Compiled statements kept per SQL text; the oldest goes first past this many. */
const MAX_CACHED_STATEMENTS = 200;

/**
 * Kysely prepares every query it runs, and better-sqlite3 compiles on each prepare: keep the
 * compiled statements. Kysely runs one query at a time on the connection, so a cached statement is
 * never in use by another query; a busy one is still never handed out.
 */
function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, SQLite.Statement>();
  sqlite.prepare = ((source: string) => {
    const cached = cache.get(source);
    if (cached && !cached.busy) return cached;
    const statement = prepare(source);
    if (cache.size >= MAX_CACHED_STATEMENTS) cache.delete(cache.keys().next().value as string);
    cache.set(source, statement);
    return statement;
  }) as SQLite.Database['prepare'];
  return sqlite;
}
