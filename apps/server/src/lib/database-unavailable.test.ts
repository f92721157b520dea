import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { closedPort } from '../testing/closed-port.ts';
import { isDatabaseUnavailable } from './database-unavailable.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-unavailable-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The error `work` throws. */
function thrownBy(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

const codeOf = (error: unknown) => (error as { code?: string }).code;

/** A pg error as the server sends it. */
function pgError(code: string, severity = 'ERROR'): pg.DatabaseError {
  const error = new pg.DatabaseError('from the server', 0, 'error');
  error.code = code;
  error.severity = severity;
  return error;
}

describe('isDatabaseUnavailable', () => {
  it('recognises a SQLite file that cannot be opened', () => {
    // A folder where the database file should be.
    const error = thrownBy(() => new SQLite(dir));
    expect(codeOf(error)).toBe('SQLITE_CANTOPEN');
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('recognises a SQLite database another process keeps locked past busy_timeout', () => {
    const file = path.join(dir, 'locked.db');
    const holder = new SQLite(file);
    const writer = new SQLite(file);
    try {
      holder.pragma('journal_mode = WAL');
      holder.exec('CREATE TABLE t (x)');
      writer.pragma('busy_timeout = 10');
      holder.exec('BEGIN IMMEDIATE');
      const error = thrownBy(() => writer.exec('INSERT INTO t VALUES (1)'));
      expect(codeOf(error)).toBe('SQLITE_BUSY');
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      holder.close();
      writer.close();
    }
  });

  it('recognises SQLite I/O errors by their extended codes too', () => {
    expect(isDatabaseUnavailable(new SQLite.SqliteError('disk I/O error', 'SQLITE_IOERR_WRITE'))).toBe(true);
  });

  it('leaves SQLite errors about the query itself alone', () => {
    const db = new SQLite(':memory:');
    try {
      db.exec('CREATE TABLE t (x UNIQUE)');
      db.exec('INSERT INTO t VALUES (1)');
      const error = thrownBy(() => db.exec('INSERT INTO t VALUES (1)'));
      expect(codeOf(error)).toBe('SQLITE_CONSTRAINT_UNIQUE');
      expect(isDatabaseUnavailable(error)).toBe(false);
      expect(isDatabaseUnavailable(thrownBy(() => db.exec('SELECT * FROM nowhere')))).toBe(false);
    } finally {
      db.close();
    }
  });

  it('recognises a PostgreSQL server nothing answers for', async () => {
    const client = new pg.Client({ connectionString: `postgres://quarry@127.0.0.1:${await closedPort()}/quarry` });
    const error = await client.connect().then(
      () => new Error('connected to a closed port'),
      (e: unknown) => e,
    );
    expect(codeOf(error)).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('recognises a PostgreSQL connection cut or timed out, which pg reports without a code', () => {
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it.each([
    ['08006', 'ERROR', 'connection failure'],
    ['57P01', 'FATAL', 'terminated by an administrator'],
    ['57P03', 'FATAL', 'server starting up'],
    ['53300', 'FATAL', 'too many connections'],
    ['3D000', 'FATAL', 'database does not exist'],
  ])('recognises PostgreSQL %s (%s, %s)', (code, severity) => {
    expect(isDatabaseUnavailable(pgError(code, severity))).toBe(true);
  });

  it('leaves PostgreSQL errors about the query itself alone', () => {
    expect(isDatabaseUnavailable(pgError('23505'))).toBe(false); // unique violation
    expect(isDatabaseUnavailable(pgError('42P01'))).toBe(false); // no such table
    expect(isDatabaseUnavailable(pgError('40001'))).toBe(false); // serialization failure
  });

  it('finds the database error inside the error that wraps it', () => {
    const wrapped = new Error('Failed to get session', { cause: pgError('57P01', 'FATAL') });
    expect(isDatabaseUnavailable(new Error('outer', { cause: wrapped }))).toBe(true);
  });

  it('leaves other failures alone', () => {
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('smtp'), { code: 'ESOCKET' }))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated unexpectedly')).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
