import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { INTEGRATION_TOKEN_DEFAULT_EXPIRY_SECONDS } from '@quarry/shared';
import { calculateJwkThumbprint, exportJWK, importPKCS8, type JWK, SignJWT } from 'jose';
import type { Clock } from '../../lib/clock.ts';

export const CONNECTOR_TOKEN_AUDIENCE = 'quarry-integration-connector';

/**
 * The RSA key that signs connector tokens: CONNECTOR_SIGNING_KEY (PKCS#8 PEM) when set, otherwise
 * one made on first start and kept in DATA_DIR so tokens stay verifiable across restarts.
 */
export function resolveConnectorSigningKey(options: { configured: string | undefined; dataDir: string }): string {
  if (options.configured) return options.configured;
  const file = path.join(options.dataDir, '.connector-signing-key.pem');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  fs.mkdirSync(options.dataDir, { recursive: true });
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  fs.writeFileSync(file, pem, { mode: 0o600 });
  return pem;
}

/** Signs RS256 connector tokens (spec section 7: POST /HydraJwtGenerator) and serves the public key as a JWKS. */
export function createConnectorTokens(options: { privateKeyPem: string; issuer: string; clock: Clock }) {
  const publicJwk: Promise<JWK & { kid: string }> = (async () => {
    const publicKey = crypto.createPublicKey(options.privateKeyPem);
    const jwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(jwk);
    return { ...jwk, kid, alg: 'RS256', use: 'sig' };
  })();
  const privateKey = importPKCS8(options.privateKeyPem, 'RS256');

  return {
    async sign(claims: { tenantId: string; userId: string }): Promise<string> {
      const iat = Math.floor(options.clock().getTime() / 1000);
      return new SignJWT({ tenant_id: claims.tenantId })
        .setProtectedHeader({ alg: 'RS256', kid: (await publicJwk).kid, typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(options.issuer)
        .setAudience(CONNECTOR_TOKEN_AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + INTEGRATION_TOKEN_DEFAULT_EXPIRY_SECONDS)
        .sign(await privateKey);
    },
    async jwks(): Promise<{ keys: JWK[] }> {
      return { keys: [await publicJwk] };
    },
  };
}

export type ConnectorTokens = ReturnType<typeof createConnectorTokens>;
