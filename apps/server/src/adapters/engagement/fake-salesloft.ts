import { createFakeOAuthProvider, type FakeOAuthProvider } from './fake-oauth-provider.ts';
import { startFakeVendorServer, violationOf } from './fake-vendor-server.ts';
import {
  salesloftAuthorizeQuerySchema,
  salesloftCadenceMembershipQuerySchema,
  salesloftPersonUpsertRequestSchema,
  salesloftTokenRequestSchema,
} from './salesloft-contract.ts';

/** The Salesloft user a key or token speaks for, as GET /v2/me names them. */
export type FakeSalesloftUser = { name: string; email: string };

/**
 * A local Salesloft: /v2/me, person custom fields (two pages), person upserts by email address;
 * with `oauth`, its authorization server too (/oauth/authorize and /oauth/token, the refresh
 * token rotated): mount SALESLOFT_OAUTH_BASE_URL at `${baseUrl}/oauth`.
 */
export async function startFakeSalesloft(options: {
  keys: string[];
  refuse?: (email: string) => boolean;
  oauth?: { clientId: string; clientSecret: string; expiresIn?: number; consentPage?: boolean };
  /** The Salesloft user keys and tokens speak for (GET /v2/me). */
  user?: FakeSalesloftUser;
}) {
  const user = options.user ?? { name: 'Sally Seller', email: 'sally@team.example' };
  const oauth: FakeOAuthProvider | null = options.oauth
    ? createFakeOAuthProvider({
        ...options.oauth,
        vendor: 'Salesloft',
        authorizePath: '/oauth/authorize',
        tokenPath: '/oauth/token',
        authorizeQuerySchema: salesloftAuthorizeQuerySchema,
        tokenRequestSchema: salesloftTokenRequestSchema,
        tokenPrefix: 'sl-oauth-',
        rotateRefreshTokens: true,
        signedInAs: user.email,
      })
    : null;
  const people = new Map<string, { id: number; fields: Record<string, unknown> }>();
  const created: string[] = [];
  let nextId = 501;
  const fields = ['Quarry subject', 'Quarry body'];
  /** Cadence id → the people on it, in the order they were added. */
  const memberships = new Map<string, string[]>();
  const server = await startFakeVendorServer({
    authorized: (req, url) => {
      if (oauth?.isOAuthPath(url.pathname)) return true;
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      return options.keys.includes(token) || Boolean(oauth?.accessTokens.has(token));
    },
    unauthorized: { status: 401, body: { error: 'Not Authorized' } },
    throttled: (after) => ({ status: 429, body: { error: 'Rate limit exceeded' }, headers: { 'retry-after': after } }),
    route: (method, url, body, entry, req) => {
      const route = `${method} ${url.pathname}`;
      const granted = oauth?.route(method, url, body, entry, req);
      if (granted) return granted;
      if (route === 'GET /v2/me') {
        return {
          status: 200,
          body: { data: { id: 7, name: user.name, email: user.email, team: { id: 3 } } },
        };
      }
      if (route === 'GET /v2/custom_fields') {
        const page = Number(url.searchParams.get('page') ?? '1');
        if (url.searchParams.get('field_type') !== 'person') entry.violation = 'field_type must be person';
        const data =
          page === 1
            ? [{ id: 1, name: fields[0], field_type: 'person' }]
            : [{ id: 2, name: fields[1], field_type: 'person' }];
        return {
          status: 200,
          body: { data, metadata: { paging: { per_page: 100, current_page: page, next_page: page === 1 ? 2 : null } } },
        };
      }
      if (route === 'POST /v2/person_upserts') {
        entry.violation = violationOf(salesloftPersonUpsertRequestSchema, body);
        if (entry.violation) return { status: 422, body: { errors: { base: [entry.violation] } } };
        const input = salesloftPersonUpsertRequestSchema.parse(body);
        const unknown = Object.keys(input.custom_fields ?? {}).find((f) => !fields.includes(f));
        if (unknown) return { status: 422, body: { errors: { custom_fields: [`${unknown} is not a custom field`] } } };
        if (options.refuse?.(input.email_address))
          return { status: 422, body: { errors: { email_address: ['is invalid'] } } };
        const key = input.email_address.toLowerCase();
        const existing = people.get(key);
        const person = existing ?? { id: nextId++, fields: {} };
        Object.assign(person.fields, input.custom_fields);
        if (!existing) {
          people.set(key, person);
          created.push(key);
        }
        return {
          status: 200,
          body: {
            data: { upsert_type: existing ? 'update' : 'create', person: { id: person.id, email_address: key } },
          },
        };
      }
      if (route === 'GET /v2/cadences') {
        return {
          status: 200,
          body: {
            data: [
              { id: 11, name: 'Quarry outbound' },
              { id: 12, name: 'Event follow-up' },
            ],
            metadata: { paging: { per_page: 100, current_page: 1, next_page: null } },
          },
        };
      }
      if (route === 'POST /v2/cadence_memberships') {
        entry.violation = violationOf(salesloftCadenceMembershipQuerySchema, Object.fromEntries(url.searchParams));
        if (entry.violation) return { status: 422, body: { errors: { base: [entry.violation] } } };
        const personId = url.searchParams.get('person_id') ?? '';
        const cadenceId = url.searchParams.get('cadence_id') ?? '';
        if (!['11', '12'].includes(cadenceId)) return { status: 404, body: { error: 'Cadence not found' } };
        if (![...people.values()].some((p) => String(p.id) === personId)) {
          return { status: 422, body: { errors: { person: ['does not exist'] } } };
        }
        const members = memberships.get(cadenceId) ?? [];
        if (members.includes(personId))
          return { status: 422, body: { errors: { person: ['is already on this cadence'] } } };
        members.push(personId);
        memberships.set(cadenceId, members);
        return { status: 200, body: { data: { id: members.length, currently_on_cadence: true } } };
      }
      return { status: 404, body: { error: `No route ${route}` } };
    },
  });
  return { ...server, people, created, memberships, oauth, oauthBaseUrl: `${server.baseUrl}/oauth` };
}
