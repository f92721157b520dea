import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Encrypts and decrypts small secrets (integration credentials) with AES-256-GCM. */
export type SecretBox = { seal: (plain: string) => string; open: (sealed: string) => string };

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The integrations encryption key must be 32 bytes');
  return {
    seal(plain) {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
    },
    open(sealed) {
      const raw = Buffer.from(sealed, 'base64');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * The key: INTEGRATIONS_ENCRYPTION_KEY (base64 of 32 bytes) when set, required in production;
 * otherwise one made on first start and kept in DATA_DIR, beside the database but not in it.
 */
export function resolveIntegrationsKey(options: {
  configured: string | undefined;
  isProductionDatabase: boolean;
  dataDir: string;
}): Buffer {
  if (options.configured) {
    const key = Buffer.from(options.configured, 'base64');
    if (key.length !== 32) throw new Error('INTEGRATIONS_ENCRYPTION_KEY must be 32 bytes, base64-encoded');
    return key;
  }
  if (options.isProductionDatabase) throw new Error('INTEGRATIONS_ENCRYPTION_KEY must be set in production');
  const file = path.join(options.dataDir, '.integrations-key');
  if (fs.existsSync(file)) return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  fs.mkdirSync(options.dataDir, { recursive: true });
  const key = crypto.randomBytes(32);
  fs.writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}
