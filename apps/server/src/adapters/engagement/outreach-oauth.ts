import crypto from 'node:crypto';
import { OUTREACH_SCOPES, outreachOAuthErrorSchema, outreachTokenResponseSchema } from './outreach-contract.ts';

export type OAuthTokens = { accessToken: string; refreshToken: string; expiresAt: number };
export type TokenAnswer = { ok: true; tokens: OAuthTokens } | { ok: false; refused: boolean; message: string };

/** A PKCE pair (RFC 7636, S256): the verifier kept on the server, the challenge sent to the consent page. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = crypto.randomBytes(32).toString('base64url');
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * Outreach's OAuth endpoints under the configured base (authorize, token): the consent URL, the
 * code exchanged, a refresh token spent for a new pair (Outreach rotates it; one that does not
 * come back is kept). Messages never carry a token or the client secret.
 *
 * As Outreach documents them (checked 2026-11-26):
 * - https://developers.outreach.io/api/getting-started/ : the person is sent to
 *   https://api.outreach.io/oauth/authorize?client_id=…&redirect_uri=…&response_type=code&scope=…
 *   (scopes space-separated, URL-encoded), an optional `state` comes back on the redirect with
 *   `code`, a short-lived grant exchanged at POST https://api.outreach.io/oauth/token
 *   (client_id, client_secret, redirect_uri, grant_type=authorization_code, code) for an access
 *   token valid about two hours and a refresh token.
 * - https://developers.outreach.io/api/oauth/ : the access token is valid for a limited period
 *   and is renewed with the refresh token returned in the same response (grant_type=refresh_token).
 * Outreach's REST docs do not mention PKCE; Quarry sends a S256 challenge anyway, which an
 * authorization server that does not know it ignores (RFC 6749 section 3.1: unrecognised request
 * parameters are ignored).
 */
export function createOutreachOAuth(options: {
  baseUrl: string;
  clientId: string | undefined;
  clientSecret: string | undefined;
  redirectUri: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}) {
  const { baseUrl, clientId, clientSecret, redirectUri, timeoutMs = 15_000, fetch: doFetch = fetch } = options;

  async function token(form: Record<string, string>, keepRefresh: string | null, now: number): Promise<TokenAnswer> {
    if (!clientId || !clientSecret) return { ok: false, refused: false, message: 'Outreach is not configured' };
    let res: Response;
    try {
      res = await doFetch(`${baseUrl}/token`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...form, client_id: clientId, client_secret: clientSecret }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      return { ok: false, refused: false, message: 'Outreach could not be reached' };
    }
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      return { ok: false, refused: false, message: `Outreach answered HTTP ${res.status} without JSON` };
    }
    if (!res.ok) {
      const error = outreachOAuthErrorSchema.safeParse(body);
      const message = error.success
        ? (error.data.error_description ?? error.data.error).slice(0, 300)
        : `Outreach answered HTTP ${res.status}`;
      return { ok: false, refused: res.status === 400 || res.status === 401, message };
    }
    const parsed = outreachTokenResponseSchema.safeParse(body);
    if (!parsed.success) return { ok: false, refused: false, message: 'Outreach answered in an unexpected shape' };
    const refreshToken = parsed.data.refresh_token ?? keepRefresh;
    if (!refreshToken) return { ok: false, refused: false, message: 'Outreach gave no refresh token' };
    return {
      ok: true,
      tokens: { accessToken: parsed.data.access_token, refreshToken, expiresAt: now + parsed.data.expires_in * 1000 },
    };
  }

  return {
    configured: Boolean(clientId && clientSecret),
    redirectUri,

    authorizeUrl(state: string, challenge: string): string {
      const query = new URLSearchParams({
        client_id: clientId ?? '',
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: OUTREACH_SCOPES.join(' '),
        state,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      });
      return `${baseUrl}/authorize?${query}`;
    },

    exchange(code: string, verifier: string, now: number): Promise<TokenAnswer> {
      return token(
        { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirectUri },
        null,
        now,
      );
    },

    refresh(refreshToken: string, now: number): Promise<TokenAnswer> {
      return token(
        { grant_type: 'refresh_token', refresh_token: refreshToken, redirect_uri: redirectUri },
        refreshToken,
        now,
      );
    },
  };
}

export type OutreachOAuth = ReturnType<typeof createOutreachOAuth>;
