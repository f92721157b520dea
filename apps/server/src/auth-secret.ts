import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';

/**
 * The secret that signs sessions: AUTH_SECRET when set (required in production), otherwise one made
 * on first start and kept in DATA_DIR so sessions survive restarts.
 */
export function resolveAuthSecret(config: Config): string {
  if (config.authSecret) return config.authSecret;
  if (config.isProductionDatabase) throw new Error('AUTH_SECRET must be set (32+ characters) in production');
  const file = path.join(config.dataDir, '.auth-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
