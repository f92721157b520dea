import crypto from 'node:crypto';
import { z } from 'zod';
import { HUBSPOT_SCOPES } from './hubspot-contract.ts';
import { OUTREACH_SCOPES } from './outreach-contract.ts';

/** RFC 6749 section 5.1: what a token endpoint answers (HubSpot, Outreach and Salesloft alike). */
export const oauthTokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  /** Seconds the access token lives. */
  expires_in: z.number().int().positive(),
  refresh_token: z.string().min(1).optional(),
});
/** RFC 6749 section 5.2: `{ error, error_description }` (HubSpot adds `message`). */
export const oauthErrorSchema = z
  .object({ error: z.string(), error_description: z.string().optional(), message: z.string().optional() })
  .loose();

export type OAuthTokens = { accessToken: string; refreshToken: string; expiresAt: number };
export type TokenAnswer = { ok: true; tokens: OAuthTokens } | { ok: false; refused: boolean; message: string };

/** A PKCE pair (RFC 7636, S256): the verifier kept on the server, the challenge sent to the consent page. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = crypto.randomBytes(32).toString('base64url');
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * One vendor's OAuth 2 authorization-code client (RFC 6749 section 4.1), with PKCE (RFC 7636)
 * where the vendor supports it: the consent URL, the code exchanged, a refresh token spent for a
 * new pair (a vendor that rotates it answers a new one; one that does not come back is kept).
 * Endpoints come from configuration only. Messages never carry a token or the client secret.
 */
export function createOAuthClient(options: {
  /** The vendor's name, for messages ("HubSpot could not be reached"). */
  vendor: string;
  authorizeUrl: string;
  tokenUrl: string;
  scopes: readonly string[];
  /** Whether the consent carries a S256 code challenge and the exchange its verifier. */
  pkce: boolean;
  clientId: string | undefined;
  clientSecret: string | undefined;
  redirectUri: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}) {
  const { vendor, authorizeUrl, tokenUrl, scopes, pkce } = options;
  const { clientId, clientSecret, redirectUri, timeoutMs = 15_000, fetch: doFetch = fetch } = options;

  async function token(form: Record<string, string>, keepRefresh: string | null, now: number): Promise<TokenAnswer> {
    if (!clientId || !clientSecret) return { ok: false, refused: false, message: `${vendor} is not configured` };
    let res: Response;
    try {
      res = await doFetch(tokenUrl, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...form, client_id: clientId, client_secret: clientSecret }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      return { ok: false, refused: false, message: `${vendor} could not be reached` };
    }
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      return { ok: false, refused: false, message: `${vendor} answered HTTP ${res.status} without JSON` };
    }
    if (!res.ok) {
      const error = oauthErrorSchema.safeParse(body);
      const message = error.success
        ? (error.data.error_description ?? error.data.message ?? error.data.error).slice(0, 300)
        : `${vendor} answered HTTP ${res.status}`;
      return { ok: false, refused: res.status === 400 || res.status === 401, message };
    }
    const parsed = oauthTokenResponseSchema.safeParse(body);
    if (!parsed.success) return { ok: false, refused: false, message: `${vendor} answered in an unexpected shape` };
    const refreshToken = parsed.data.refresh_token ?? keepRefresh;
    if (!refreshToken) return { ok: false, refused: false, message: `${vendor} gave no refresh token` };
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
        ...(scopes.length > 0 ? { scope: scopes.join(' ') } : {}),
        state,
        ...(pkce ? { code_challenge: challenge, code_challenge_method: 'S256' } : {}),
      });
      return `${authorizeUrl}?${query}`;
    },

    exchange(code: string, verifier: string, now: number): Promise<TokenAnswer> {
      return token(
        {
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          ...(pkce ? { code_verifier: verifier } : {}),
        },
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

export type OAuthClient = ReturnType<typeof createOAuthClient>;

type ClientConfig = { clientId: string | undefined; clientSecret: string | undefined; redirectUri: string };

/**
 * Outreach, OAuth only, as it documents it (checked 2026-11-26):
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
export const createOutreachOAuth = (o: ClientConfig & { baseUrl: string }): OAuthClient =>
  createOAuthClient({
    ...o,
    vendor: 'Outreach',
    authorizeUrl: `${o.baseUrl}/authorize`,
    tokenUrl: `${o.baseUrl}/token`,
    scopes: OUTREACH_SCOPES,
    pkce: true,
  });

/**
 * HubSpot (https://developers.hubspot.com/docs/api/oauth-quickstart-guide and
 * https://developers.hubspot.com/docs/api/working-with-oauth): the person consents at
 * https://app.hubspot.com/oauth/authorize?client_id=…&redirect_uri=…&scope=… (space-separated)
 * with an optional state; the code is exchanged, and the access token (expires_in seconds) renewed
 * with the refresh token, by a form-encoded POST https://api.hubapi.com/oauth/v1/token
 * (grant_type, client_id, client_secret, redirect_uri, code | refresh_token). No PKCE.
 */
export const createHubspotOAuth = (o: ClientConfig & { authorizeBaseUrl: string; apiBaseUrl: string }): OAuthClient =>
  createOAuthClient({
    ...o,
    vendor: 'HubSpot',
    authorizeUrl: `${o.authorizeBaseUrl}/authorize`,
    tokenUrl: `${o.apiBaseUrl}/oauth/v1/token`,
    scopes: HUBSPOT_SCOPES,
    pkce: false,
  });

/**
 * Salesloft (its OAuth guide on developers.salesloft.com, "OAuth Authentication"): the person
 * consents at https://accounts.salesloft.com/oauth/authorize?client_id=…&redirect_uri=…&response_type=code
 * with an optional state; POST https://accounts.salesloft.com/oauth/token exchanges the code
 * (grant_type=authorization_code) or a refresh token (grant_type=refresh_token) for
 * { access_token, refresh_token, expires_in }, the refresh token rotated. No PKCE.
 */
export const createSalesloftOAuth = (o: ClientConfig & { baseUrl: string }): OAuthClient =>
  createOAuthClient({
    ...o,
    vendor: 'Salesloft',
    authorizeUrl: `${o.baseUrl}/authorize`,
    tokenUrl: `${o.baseUrl}/token`,
    scopes: [],
    pkce: false,
  });
