import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.ts';

export type TestDatabase = {
  database: Config['database'];
  /** Where the SQLite file and the auth secret live; removed by drop(). */
  dataDir: string;
  drop: () => Promise<void>;
};

export type TestEngine = 'sqlite' | 'postgres';

/** QUARRY_TEST_ENGINE=postgres runs the suite on PostgreSQL (TEST_DATABASE_URL); SQLite otherwise. */
export function testEngine(env: NodeJS.ProcessEnv = process.env): TestEngine {
  return env.QUARRY_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
}

/**
 * A fresh, empty database for one test app: a SQLite file in a temporary folder, or a uniquely
 * named PostgreSQL database created through the admin connection in TEST_DATABASE_URL.
 */
export async function createTestDatabase(engine: TestEngine = testEngine()): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-test-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'sqlite') {
    return {
      database: { kind: 'sqlite', file: path.join(dataDir, 'quarry-test.db') },
      dataDir,
      drop: async () => removeDir(),
    };
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    removeDir();
    throw new Error(
      'QUARRY_TEST_ENGINE=postgres needs TEST_DATABASE_URL, e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres',
    );
  }
  // Names are identifiers we build ourselves (lower-case letters, digits, underscores), so quoting is safe.
  const name = `quarry_test_${process.pid}_${crypto.randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    database: { kind: 'postgres', url: url.toString() },
    dataDir,
    drop: async () => {
      removeDir();
      await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
