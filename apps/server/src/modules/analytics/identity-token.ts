import { createLocalJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { unauthorized } from '../../lib/http-error.ts';
import type { Auth } from '../auth/auth.ts';

export type IdentityClaims = { uid: string; tenantId: string; email: string };

/**
 * Verifies the short-lived identity token the browser fetched after sign-in. The key set is read
 * once and re-read only when a token names a key it does not hold (after a key rotation).
 */
export function createIdentityTokenVerifier(auth: Auth, origin: string) {
  let keySet: ReturnType<typeof createLocalJWKSet> | null = null;

  async function loadKeySet() {
    const jwks = await auth.api.getJwks();
    keySet = createLocalJWKSet(jwks);
    return keySet;
  }

  async function verifyWith(token: string, keys: ReturnType<typeof createLocalJWKSet>): Promise<JWTPayload> {
    const { payload } = await jwtVerify(token, keys, { issuer: origin, audience: origin });
    return payload;
  }

  return async function verify(authorization: string | undefined): Promise<IdentityClaims> {
    const token = authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
    if (!token) throw unauthorized();
    let payload: JWTPayload;
    try {
      payload = await verifyWith(token, keySet ?? (await loadKeySet()));
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== 'ERR_JWKS_NO_MATCHING_KEY') throw unauthorized();
      try {
        payload = await verifyWith(token, await loadKeySet());
      } catch {
        throw unauthorized();
      }
    }
    const { sub, tenant_id, email } = payload as JWTPayload & { tenant_id?: unknown; email?: unknown };
    if (typeof sub !== 'string' || typeof tenant_id !== 'string' || typeof email !== 'string') throw unauthorized();
    return { uid: sub, tenantId: tenant_id, email };
  };
}
