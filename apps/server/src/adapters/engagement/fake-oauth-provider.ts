import crypto from 'node:crypto';
import type http from 'node:http';
import type { z } from 'zod';
import { type FakeAnswer, type FakeVendorRequest, violationOf } from './fake-vendor-server.ts';
import type { OAuthTokenRequest } from './oauth-contract.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * A vendor's OAuth 2 authorization server, for a fake vendor to mount (RFC 6749 section 4.1):
 * GET {authorizePath} checks the consent query against the vendor's contract and either consents
 * at once (API tests) or shows a page where a person allows or denies (browser tests; a denial
 * comes back as error=access_denied with the same state); POST {tokenPath}, form-encoded, exchanges
 * a code (single use, bound to its redirect URI and, with PKCE, to the S256 challenge) or a refresh
 * token for `{ access_token, token_type, expires_in, refresh_token }`. A vendor that rotates spends
 * the refresh token it is given; one that does not keeps it valid.
 */
export function createFakeOAuthProvider(options: {
  vendor: string;
  clientId: string;
  clientSecret: string;
  authorizePath: string;
  tokenPath: string;
  authorizeQuerySchema: z.ZodType<{ client_id: string; redirect_uri: string; state: string; code_challenge?: string }>;
  tokenRequestSchema: z.ZodType<OAuthTokenRequest>;
  /** Prefix of the tokens it issues (ora_, pat-oauth-…), so a test can look for them anywhere. */
  tokenPrefix: string;
  rotateRefreshTokens: boolean;
  expiresIn?: number;
  consentPage?: boolean;
  /** Who the person consenting is, as the page says. */
  signedInAs: string;
}) {
  const decisionPath = `${options.authorizePath}/decision`;
  const codes = new Map<string, { challenge: string | undefined; redirectUri: string }>();
  const consents = new Map<string, { redirectUri: string; state: string; challenge: string | undefined }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  /** Every refresh token spent, in order. */
  const spentRefreshTokens: string[] = [];
  /** Every token request the fake answered, by grant. */
  const grants: string[] = [];
  let expiresIn = options.expiresIn ?? 7200;
  const random = () => crypto.randomBytes(12).toString('hex');

  const issue = (keepRefresh?: string) => {
    const access = `${options.tokenPrefix}a_${random()}`;
    const refresh = keepRefresh ?? `${options.tokenPrefix}r_${random()}`;
    accessTokens.add(access);
    refreshTokens.add(refresh);
    return { access_token: access, token_type: 'bearer', expires_in: expiresIn, refresh_token: refresh };
  };
  const approve = (redirectUri: string, state: string, challenge: string | undefined) => {
    const code = random();
    codes.set(code, { challenge, redirectUri });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', state);
    return back.toString();
  };
  const deny = (redirectUri: string, state: string) => {
    const back = new URL(redirectUri);
    back.searchParams.set('error', 'access_denied');
    back.searchParams.set('error_description', `The user denied access to Quarry`);
    back.searchParams.set('state', state);
    return back.toString();
  };
  const page = (ticket: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(options.vendor)}: authorize Quarry</title></head>
<body><main>
<h1>Authorize Quarry</h1>
<p>Signed in to ${escapeHtml(options.vendor)} as ${escapeHtml(options.signedInAs)}.</p>
<form method="post" action="${escapeHtml(decisionPath)}">
<input type="hidden" name="ticket" value="${escapeHtml(ticket)}">
<button type="submit" name="decision" value="allow">Authorize</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>
</main></body></html>`;
  const oauthError = (status: number, error: string, description: string): FakeAnswer => ({
    status,
    body: { error, error_description: description },
  });

  /** Answers an OAuth request, or null for any other path. */
  function route(
    method: string,
    url: URL,
    body: unknown,
    entry: FakeVendorRequest,
    req: http.IncomingMessage,
  ): FakeAnswer | null {
    const at = `${method} ${url.pathname}`;
    if (at === `GET ${options.authorizePath}`) {
      const query = Object.fromEntries(url.searchParams);
      entry.violation = violationOf(options.authorizeQuerySchema, query);
      if (entry.violation) return oauthError(400, 'invalid_request', entry.violation);
      const q = options.authorizeQuerySchema.parse(query);
      if (q.client_id !== options.clientId) return oauthError(400, 'invalid_client', 'Unknown client');
      if (!options.consentPage) {
        return { status: 302, body: null, headers: { location: approve(q.redirect_uri, q.state, q.code_challenge) } };
      }
      const ticket = random();
      consents.set(ticket, { redirectUri: q.redirect_uri, state: q.state, challenge: q.code_challenge });
      return { status: 200, body: null, html: page(ticket) };
    }
    if (at === `POST ${decisionPath}`) {
      const form = Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : ''));
      const consent = consents.get(form.ticket ?? '');
      consents.delete(form.ticket ?? '');
      if (!consent) return oauthError(400, 'invalid_request', 'Unknown consent');
      const location =
        form.decision === 'allow'
          ? approve(consent.redirectUri, consent.state, consent.challenge)
          : deny(consent.redirectUri, consent.state);
      return { status: 302, body: null, headers: { location } };
    }
    if (at !== `POST ${options.tokenPath}`) return null;
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      entry.violation = 'the token request must be form-encoded';
      return oauthError(400, 'invalid_request', entry.violation);
    }
    const form = Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : ''));
    entry.violation = violationOf(options.tokenRequestSchema, form);
    if (entry.violation) return oauthError(400, 'invalid_request', entry.violation);
    const t = options.tokenRequestSchema.parse(form);
    grants.push(t.grant_type);
    if (t.client_id !== options.clientId || t.client_secret !== options.clientSecret) {
      return oauthError(401, 'invalid_client', 'Client authentication failed');
    }
    if (t.grant_type === 'authorization_code') {
      const pending = codes.get(t.code);
      codes.delete(t.code);
      const challenge = t.code_verifier
        ? crypto.createHash('sha256').update(t.code_verifier).digest('base64url')
        : undefined;
      if (!pending || pending.challenge !== challenge || pending.redirectUri !== t.redirect_uri) {
        return oauthError(400, 'invalid_grant', 'The authorization code is invalid');
      }
      return { status: 200, body: issue() };
    }
    if (!refreshTokens.has(t.refresh_token)) {
      return oauthError(400, 'invalid_grant', 'The refresh token is invalid');
    }
    spentRefreshTokens.push(t.refresh_token);
    if (!options.rotateRefreshTokens) return { status: 200, body: issue(t.refresh_token) };
    refreshTokens.delete(t.refresh_token);
    return { status: 200, body: issue() };
  }

  return {
    route,
    /** Whether a request is for the authorization server (open to anyone, no token needed). */
    isOAuthPath: (pathname: string) =>
      pathname === options.authorizePath || pathname === decisionPath || pathname === options.tokenPath,
    codes,
    accessTokens,
    refreshTokens,
    spentRefreshTokens,
    grants,
    /** How long the next tokens issued live, in seconds. */
    setExpiresIn(seconds: number) {
      expiresIn = seconds;
    },
  };
}

export type FakeOAuthProvider = ReturnType<typeof createFakeOAuthProvider>;
