import { createLocalJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { unauthorized } from '../../lib/http-error.ts';
import type { Auth } from '../auth/auth.ts';
import type { TokenSession } from '../auth/token-session.ts';

export type IdentityClaims = {
  uid: string;
  tenantId: string;
  email: string;
  /** Issued to the support account acting as this user: what it does there is not the user's usage. */
  impersonated?: boolean;
};

/** Enough for every tab of every signed-in user of a busy server; the oldest entry goes first. */
const MAX_REMEMBERED_TOKENS = 10_000;

/**
 * Verifies the short-lived identity token the browser fetched after sign-in. The key set is read
 * once and re-read only when a token names a key it does not hold (after a key rotation).
 * A tab sends the same token with every analytics batch, so a verified token is remembered until it
 * expires instead of checking its signature again each time.
 */
export function createIdentityTokenVerifier(
  auth: Auth,
  origin: string,
  /** Whether the sign-in the token was issued under still stands (asked on every use). */
  isLive: (session: TokenSession) => Promise<boolean>,
) {
  let keySet: ReturnType<typeof createLocalJWKSet> | null = null;
  const remembered = new Map<string, { claims: IdentityClaims; session: TokenSession; expiresAtMs: number }>();

  function remember(token: string, claims: IdentityClaims, session: TokenSession, exp: number | undefined) {
    if (exp === undefined) return;
    if (remembered.size >= MAX_REMEMBERED_TOKENS) {
      const now = Date.now();
      for (const [t, entry] of remembered) if (entry.expiresAtMs <= now) remembered.delete(t);
      const oldest = remembered.keys().next();
      if (remembered.size >= MAX_REMEMBERED_TOKENS && !oldest.done) remembered.delete(oldest.value);
    }
    remembered.set(token, { claims, session, expiresAtMs: exp * 1000 });
  }

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
    const known = remembered.get(token);
    if (known) {
      if (known.expiresAtMs > Date.now()) {
        // Signed out or impersonation stopped since: the token ends with its session.
        if (!(await isLive(known.session))) {
          remembered.delete(token);
          throw unauthorized();
        }
        return known.claims;
      }
      remembered.delete(token);
    }
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
    const { sub, tenant_id, email, sid, imp } = payload as JWTPayload & {
      tenant_id?: unknown;
      email?: unknown;
      sid?: unknown;
      imp?: unknown;
    };
    if (typeof sub !== 'string' || typeof tenant_id !== 'string' || typeof email !== 'string') throw unauthorized();
    // A token that names no session cannot be ended with one: refused.
    if (typeof sid !== 'string' || (imp !== undefined && typeof imp !== 'string')) throw unauthorized();
    const session = { sessionId: sid, impersonationId: imp ?? null };
    if (!(await isLive(session))) throw unauthorized();
    const claims = { uid: sub, tenantId: tenant_id, email, impersonated: imp !== undefined };
    remember(token, claims, session, payload.exp);
    return claims;
  };
}
