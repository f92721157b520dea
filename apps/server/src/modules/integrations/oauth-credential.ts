import crypto from 'node:crypto';
import { z } from 'zod';

/**
 * What an OAuth tool's row keeps, sealed: while the consent window is open, the state's hash, the
 * session it belongs to and the PKCE verifier; once connected, the token pair and its expiry.
 */
const pendingSchema = z.object({
  kind: z.literal('oauth_pending'),
  stateHash: z.string(),
  sessionId: z.string(),
  verifier: z.string(),
  expiresAt: z.number(),
});
const tokensSchema = z.object({
  kind: z.literal('oauth_tokens'),
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresAt: z.number(),
});
const oauthCredentialSchema = z.discriminatedUnion('kind', [pendingSchema, tokensSchema]);
export type OAuthCredential = z.infer<typeof oauthCredentialSchema>;
export type OAuthPending = z.infer<typeof pendingSchema>;
export type OAuthTokensCredential = z.infer<typeof tokensSchema>;

/** A consent left open longer than this is refused when it comes back. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;
/** Spec section 5/9's margin: an access token is refreshed when fewer than 300 s remain. */
export const REFRESH_MARGIN_MS = 300 * 1000;
/** What the masked tail says for an OAuth connection: no token characters at all. */
export const OAUTH_TAIL = 'OAuth';

export function parseOAuthCredential(plain: string): OAuthCredential | null {
  try {
    const parsed = oauthCredentialSchema.safeParse(JSON.parse(plain));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const hashState = (state: string) => crypto.createHash('sha256').update(state).digest('base64url');

/** Whether the state that came back is the one handed out (compared in constant time, by hash). */
export function stateMatches(pending: OAuthPending, state: string): boolean {
  const a = Buffer.from(pending.stateHash);
  const b = Buffer.from(hashState(state));
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
