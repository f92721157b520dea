import crypto from 'node:crypto';
import { startFakeVendorServer, violationOf } from './fake-vendor-server.ts';
import {
  OUTREACH_MEDIA_TYPE,
  outreachAuthorizeQuerySchema,
  outreachProspectCreateSchema,
  outreachProspectUpdateSchema,
  outreachSequenceStateCreateSchema,
  outreachTokenRequestSchema,
} from './outreach-contract.ts';

type Prospect = { id: number; email: string; attributes: Record<string, unknown> };

/** The user an Outreach token speaks for, as the API root's meta names it. */
export type FakeOutreachUser = { email: string; firstName: string; lastName: string };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * A local Outreach, speaking its documented OAuth 2 authorization-code protocol
 * (https://developers.outreach.io/api/getting-started/ and https://developers.outreach.io/api/oauth/):
 * GET {oauth}/authorize with client_id, redirect_uri, response_type=code, scope and state, which
 * sends the browser back to redirect_uri with `code` and the same `state`; POST {oauth}/token,
 * form-encoded, exchanging the code (grant_type=authorization_code) or a refresh token
 * (grant_type=refresh_token) for { access_token, expires_in, refresh_token } (rotated: a spent one
 * is refused). The API root GET /api/v2 names the token's user in its meta (who am I). Then the v2
 * API Quarry uses (prospects, sequences, mailboxes, sequence states). Every request is checked
 * against the contract in outreach-contract.ts. Mount the OAuth base at `${baseUrl}/oauth`.
 *
 * With `consentPage`, authorize answers a page where a person allows or denies Quarry (a denial
 * comes back as RFC 6749's error=access_denied with the same state), as in a browser test;
 * without it, it consents at once (API tests).
 */
export async function startFakeOutreach(options: {
  clientId: string;
  clientSecret: string;
  expiresIn?: number;
  consentPage?: boolean;
  user?: FakeOutreachUser;
}) {
  const user = options.user ?? { email: 'owen@outreach.example', firstName: 'Owen', lastName: 'Reach' };
  /** Consents shown and not yet answered, by the ticket the page posts back. */
  const consents = new Map<string, { redirectUri: string; state: string; challenge: string }>();
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  /** Every refresh token spent, in order. */
  const spentRefreshTokens: string[] = [];
  const prospects = new Map<number, Prospect>();
  const enrolments: { prospect: number; sequence: number; mailbox: number }[] = [];
  let nextId = 900;
  const issue = () => {
    const access = `ora_${crypto.randomBytes(12).toString('hex')}`;
    const refresh = `orr_${crypto.randomBytes(12).toString('hex')}`;
    accessTokens.add(access);
    refreshTokens.add(refresh);
    return {
      access_token: access,
      token_type: 'bearer',
      expires_in: options.expiresIn ?? 7200,
      refresh_token: refresh,
      scope: 'x',
    };
  };
  const apiError = (status: number, detail: string) => ({
    status,
    body: { errors: [{ id: status === 422 ? 'validationError' : 'error', title: 'Error', detail }] },
    headers: { 'content-type': OUTREACH_MEDIA_TYPE },
  });
  const prospectBody = (p: Prospect) => ({
    data: { type: 'prospect', id: p.id, attributes: { emails: [p.email], ...p.attributes } },
  });

  /** A code for this consent, and where the browser goes with it. */
  const approve = (redirectUri: string, state: string, challenge: string) => {
    const code = crypto.randomBytes(12).toString('hex');
    codes.set(code, { challenge, redirectUri });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', state);
    return back.toString();
  };
  const consentHtml = (ticket: string, scope: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Outreach: authorize Quarry</title></head>
<body><main>
<h1>Authorize Quarry</h1>
<p>Signed in to Outreach as ${escapeHtml(`${user.firstName} ${user.lastName}`)} (${escapeHtml(user.email)}).</p>
<p>Quarry asks to: ${escapeHtml(scope)}</p>
<form method="post" action="/oauth/authorize/decision">
<input type="hidden" name="ticket" value="${escapeHtml(ticket)}">
<button type="submit" name="decision" value="allow">Authorize</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>
</main></body></html>`;

  const server = await startFakeVendorServer({
    authorized: (req, url) =>
      url.pathname.startsWith('/oauth/') || accessTokens.has((req.headers.authorization ?? '').replace(/^Bearer /, '')),
    unauthorized: apiError(401, 'The access token is invalid or has expired'),
    throttled: (after) => ({ ...apiError(429, 'Rate limit exceeded'), headers: { 'retry-after': after } }),
    route: (method, url, body, entry, req) => {
      const route = `${method} ${url.pathname}`;
      if (route === 'GET /oauth/authorize') {
        const query = Object.fromEntries(url.searchParams);
        entry.violation = violationOf(outreachAuthorizeQuerySchema, query);
        if (entry.violation)
          return { status: 400, body: { error: 'invalid_request', error_description: entry.violation } };
        const q = outreachAuthorizeQuerySchema.parse(query);
        if (q.client_id !== options.clientId) return { status: 400, body: { error: 'invalid_client' } };
        if (options.consentPage) {
          const ticket = crypto.randomBytes(12).toString('hex');
          consents.set(ticket, {
            redirectUri: q.redirect_uri,
            state: q.state,
            challenge: q.code_challenge,
          });
          return { status: 200, body: null, html: consentHtml(ticket, q.scope) };
        }
        return { status: 302, body: null, headers: { location: approve(q.redirect_uri, q.state, q.code_challenge) } };
      }
      if (route === 'POST /oauth/authorize/decision') {
        const form = Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : ''));
        const consent = consents.get(form.ticket ?? '');
        consents.delete(form.ticket ?? '');
        if (!consent) return { status: 400, body: { error: 'invalid_request', error_description: 'Unknown consent' } };
        if (form.decision === 'allow') {
          return {
            status: 302,
            body: null,
            headers: { location: approve(consent.redirectUri, consent.state, consent.challenge) },
          };
        }
        const back = new URL(consent.redirectUri);
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'The user denied access to Quarry');
        back.searchParams.set('state', consent.state);
        return { status: 302, body: null, headers: { location: back.toString() } };
      }
      if (route === 'POST /oauth/token') {
        if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
          entry.violation = 'the token request must be form-encoded';
          return { status: 400, body: { error: 'invalid_request' } };
        }
        const form = Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : ''));
        entry.violation = violationOf(outreachTokenRequestSchema, form);
        if (entry.violation)
          return { status: 400, body: { error: 'invalid_request', error_description: entry.violation } };
        const t = outreachTokenRequestSchema.parse(form);
        if (t.client_id !== options.clientId || t.client_secret !== options.clientSecret) {
          return { status: 401, body: { error: 'invalid_client', error_description: 'Client authentication failed' } };
        }
        if (t.grant_type === 'authorization_code') {
          const pending = codes.get(t.code);
          codes.delete(t.code);
          const challenge = crypto.createHash('sha256').update(t.code_verifier).digest('base64url');
          if (!pending || pending.challenge !== challenge || pending.redirectUri !== t.redirect_uri) {
            return {
              status: 400,
              body: { error: 'invalid_grant', error_description: 'The authorization code is invalid' },
            };
          }
          return { status: 200, body: issue() };
        }
        if (!refreshTokens.delete(t.refresh_token)) {
          return { status: 400, body: { error: 'invalid_grant', error_description: 'The refresh token is invalid' } };
        }
        spentRefreshTokens.push(t.refresh_token);
        return { status: 200, body: issue() };
      }
      const sendsJsonApi = (req.headers['content-type'] ?? '').startsWith(OUTREACH_MEDIA_TYPE);
      if (method !== 'GET' && !sendsJsonApi) {
        entry.violation = `content-type must be ${OUTREACH_MEDIA_TYPE}`;
        return apiError(415, entry.violation);
      }
      if (route === 'GET /api/v2') {
        return {
          status: 200,
          body: { meta: { user } },
        };
      }
      if (route === 'GET /api/v2/mailboxes') {
        return {
          status: 200,
          body: { data: [{ type: 'mailbox', id: 31, attributes: { email: 'owen@outreach.example' } }], links: {} },
        };
      }
      if (route === 'GET /api/v2/sequences') {
        const all = [
          { type: 'sequence', id: 41, attributes: { name: 'Quarry outbound' } },
          { type: 'sequence', id: 42, attributes: { name: 'Event follow-up' } },
        ];
        // Two pages, to exercise links.next.
        const second = url.searchParams.get('page[after]') === '41';
        return {
          status: 200,
          body: second
            ? { data: [all[1]], links: {} }
            : {
                data: [all[0]],
                links: { next: `https://api.outreach.io/api/v2/sequences?page[size]=50&page[after]=41` },
              },
        };
      }
      if (route === 'GET /api/v2/prospects') {
        const email = url.searchParams.get('filter[emails]');
        if (!email) {
          entry.violation = 'filter[emails] is required';
          return apiError(400, entry.violation);
        }
        const found = [...prospects.values()].filter((p) => p.email === email.toLowerCase());
        return { status: 200, body: { data: found.map((p) => prospectBody(p).data), links: {} } };
      }
      if (route === 'POST /api/v2/prospects') {
        entry.violation = violationOf(outreachProspectCreateSchema, body);
        if (entry.violation) return apiError(422, entry.violation);
        const { attributes } = outreachProspectCreateSchema.parse(body).data;
        const { emails, ...rest } = attributes;
        const email = (emails?.[0] ?? '').toLowerCase();
        if ([...prospects.values()].some((p) => p.email === email))
          return apiError(422, 'A prospect with this email already exists');
        const p: Prospect = { id: nextId++, email, attributes: rest };
        prospects.set(p.id, p);
        return { status: 201, body: prospectBody(p) };
      }
      const patch = /^PATCH \/api\/v2\/prospects\/(\d+)$/.exec(route);
      if (patch) {
        entry.violation = violationOf(outreachProspectUpdateSchema, body);
        if (entry.violation) return apiError(422, entry.violation);
        const input = outreachProspectUpdateSchema.parse(body).data;
        const p = prospects.get(Number(patch[1]));
        if (!p || input.id !== p.id) return apiError(404, 'Prospect not found');
        const { emails: _emails, ...rest } = input.attributes;
        Object.assign(p.attributes, rest);
        return { status: 200, body: prospectBody(p) };
      }
      if (route === 'POST /api/v2/sequenceStates') {
        entry.violation = violationOf(outreachSequenceStateCreateSchema, body);
        if (entry.violation) return apiError(422, entry.violation);
        const r = outreachSequenceStateCreateSchema.parse(body).data.relationships;
        if (!prospects.has(r.prospect.data.id)) return apiError(422, 'Prospect does not exist');
        if (![41, 42].includes(r.sequence.data.id)) return apiError(404, 'Sequence not found');
        if (r.mailbox.data.id !== 31) return apiError(422, 'Mailbox does not exist');
        if (enrolments.some((e) => e.prospect === r.prospect.data.id && e.sequence === r.sequence.data.id)) {
          return apiError(422, 'Prospect is already in this sequence');
        }
        enrolments.push({ prospect: r.prospect.data.id, sequence: r.sequence.data.id, mailbox: r.mailbox.data.id });
        return { status: 201, body: { data: { type: 'sequenceState', id: enrolments.length } } };
      }
      return apiError(404, `No route ${route}`);
    },
  });
  return {
    ...server,
    oauthBaseUrl: `${server.baseUrl}/oauth`,
    codes,
    accessTokens,
    refreshTokens,
    spentRefreshTokens,
    prospects,
    enrolments,
  };
}
