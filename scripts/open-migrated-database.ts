// Opens the configured database (or a throw-away SQLite one) migrated to the latest schema, for
// command-line tools and benchmarks that work on data without serving HTTP.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/connection.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { createLogger } from '../apps/server/src/logger.ts';

export async function openMigratedDatabase({ throwAway }: { throwAway: boolean }) {
  const dataDir =
    throwAway && !process.env.DATABASE_URL
      ? fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-tool-'))
      : (process.env.DATA_DIR ?? './data');
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error' });
  const handle = openDatabase(config.database);
  // The auth instance is only needed to migrate better-auth's tables; nothing signs in.
  const app = await buildApp({
    config,
    handle,
    authSecret: crypto.randomBytes(32).toString('base64url'),
    logger: createLogger('error'),
  });
  await migrateToLatest(handle, app.auth);
  const close = async () => {
    await app.close();
    await handle.close();
    if (throwAway && !process.env.DATABASE_URL) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { handle, config, close };
}
