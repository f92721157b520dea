import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testEngine } from '../testing/test-database.ts';
import { type DbHandle, openDatabase } from './connection.ts';

describe.runIf(testEngine() === 'postgres')('a PostgreSQL connection that ends while a query holds it', () => {
  let database: TestDatabase;
  let handle: DbHandle;
  const warned: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    handle = openDatabase(database.database, {
      guardTenants: false,
      log: { warn: (_fields: unknown, message: string) => void warned.push(message) } as never,
    });
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('fails that query, is logged, and leaves the process running and the pool usable', async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      // A transaction keeps its connection checked out of the pool between statements, the moment
      // pg's own 'error' event used to go unheard and end the process.
      const attempt = handle.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
        await sql`select 1`.execute(trx);
      });
      await expect(attempt).rejects.toThrow();
      expect(warned).toContain('PostgreSQL connection lost');
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
    }
  });
});
