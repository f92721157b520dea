import { createFakeOAuthProvider } from './fake-oauth-provider.ts';
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

/** The user an Outreach token speaks for: the API root's meta names them by email, the users resource by name. */
export type FakeOutreachUser = { email: string; firstName: string; lastName: string };

/**
 * A local Outreach, speaking its documented OAuth 2 authorization-code protocol
 * (https://developers.outreach.io/api/getting-started/ and https://developers.outreach.io/api/oauth/):
 * GET {oauth}/authorize with client_id, redirect_uri, response_type=code, scope and state, which
 * sends the browser back to redirect_uri with `code` and the same `state`; POST {oauth}/token,
 * form-encoded, exchanging the code (grant_type=authorization_code) or a refresh token
 * (grant_type=refresh_token) for { access_token, expires_in, refresh_token } (rotated: a spent one
 * is refused). The API root GET /api/v2 names the token's user by email in its meta, and
 * GET /api/v2/users?filter[email]= answers that user's record (who am I). Then the v2
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
  /** The token may not read users (an app without the users.read scope): the users resource answers 403. */
  usersUnreadable?: boolean;
}) {
  const user = options.user ?? { email: 'owen@outreach.example', firstName: 'Owen', lastName: 'Reach' };
  const oauth = createFakeOAuthProvider({
    vendor: 'Outreach',
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    authorizePath: '/oauth/authorize',
    tokenPath: '/oauth/token',
    authorizeQuerySchema: outreachAuthorizeQuerySchema,
    tokenRequestSchema: outreachTokenRequestSchema,
    tokenPrefix: 'or',
    rotateRefreshTokens: true,
    expiresIn: options.expiresIn,
    consentPage: options.consentPage,
    signedInAs: `${user.firstName} ${user.lastName} (${user.email})`,
  });
  const prospects = new Map<number, Prospect>();
  const enrolments: { prospect: number; sequence: number; mailbox: number }[] = [];
  let nextId = 900;
  const apiError = (status: number, detail: string) => ({
    status,
    body: { errors: [{ id: status === 422 ? 'validationError' : 'error', title: 'Error', detail }] },
    headers: { 'content-type': OUTREACH_MEDIA_TYPE },
  });
  const prospectBody = (p: Prospect) => ({
    data: { type: 'prospect', id: p.id, attributes: { emails: [p.email], ...p.attributes } },
  });

  const server = await startFakeVendorServer({
    authorized: (req, url) =>
      oauth.isOAuthPath(url.pathname) ||
      oauth.accessTokens.has((req.headers.authorization ?? '').replace(/^Bearer /, '')),
    unauthorized: apiError(401, 'The access token is invalid or has expired'),
    throttled: (after) => ({ ...apiError(429, 'Rate limit exceeded'), headers: { 'retry-after': after } }),
    route: (method, url, body, entry, req) => {
      const route = `${method} ${url.pathname}`;
      const granted = oauth.route(method, url, body, entry, req);
      if (granted) return granted;
      const sendsJsonApi = (req.headers['content-type'] ?? '').startsWith(OUTREACH_MEDIA_TYPE);
      if (method !== 'GET' && !sendsJsonApi) {
        entry.violation = `content-type must be ${OUTREACH_MEDIA_TYPE}`;
        return apiError(415, entry.violation);
      }
      if (route === 'GET /api/v2') {
        return { status: 200, body: { meta: { user: { email: user.email } } } };
      }
      if (route === 'GET /api/v2/users') {
        if (options.usersUnreadable) return apiError(403, 'The access token does not grant the users.read scope');
        const email = url.searchParams.get('filter[email]');
        if (!email) entry.violation = 'Quarry reads a user by filter[email]';
        const record = { type: 'user', id: 1, attributes: user };
        return {
          status: 200,
          body: { data: !email || email === user.email ? [record] : [], links: {} },
          headers: { 'content-type': OUTREACH_MEDIA_TYPE },
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
    codes: oauth.codes,
    accessTokens: oauth.accessTokens,
    refreshTokens: oauth.refreshTokens,
    spentRefreshTokens: oauth.spentRefreshTokens,
    prospects,
    enrolments,
  };
}
