import { createFakeOAuthProvider, type FakeOAuthProvider } from './fake-oauth-provider.ts';
import { startFakeVendorServer, violationOf } from './fake-vendor-server.ts';
import {
  hubspotAuthorizeQuerySchema,
  hubspotBatchUpsertRequestSchema,
  hubspotEnrollmentRequestSchema,
  hubspotSequencesQuerySchema,
  hubspotTokenRequestSchema,
} from './hubspot-contract.ts';

export type FakeHubspotOptions = {
  /** Private-app tokens the fake accepts. */
  tokens: string[];
  /** How long every answer takes. */
  latencyMs?: number;
  /** Custom contact properties the portal has, besides HubSpot's own. */
  customProperties?: { name: string; label: string }[];
  /** Emails HubSpot refuses (as a 400 VALIDATION_ERROR for the batch that holds one). */
  refuse?: (email: string) => boolean;
  /** Tokens no longer accepted, though once they were. */
  revoked?: (token: string) => boolean;
  /** Quarry's OAuth app: consent at /oauth/authorize (mount HUBSPOT_OAUTH_BASE_URL at `${baseUrl}/oauth`), tokens at /oauth/v1/token. */
  oauth?: { clientId: string; clientSecret: string; expiresIn?: number; consentPage?: boolean };
  /** The portal's users (senders), in place of the two a portal has by default. */
  users?: { id: string; email: string }[];
  /** Each user's sequences, in place of one sequence for each of the default users. */
  sequences?: { id: string; name: string; userId: string }[];
  /** The most results one page of users or sequences holds, whatever `limit` asks (HubSpot's own cap is 100). */
  pageSize?: number;
};

/** HubSpot's error body. */
const error = (category: string, message: string) => ({ status: 'error', message, category, correlationId: 'fake' });

/**
 * A local stand-in for HubSpot's API: it answers the calls Quarry makes the way HubSpot documents
 * them, refuses what HubSpot would (checked against hubspot-contract.ts), keeps contacts by email
 * so a duplicate would show, and can be told to answer 429 with Retry-After.
 */
export async function startFakeHubspot(options: FakeHubspotOptions) {
  const contacts = new Map<string, { id: string; properties: Record<string, string> }>();
  const created: string[] = [];
  let nextId = 1001;
  const custom = options.customProperties ?? [
    { name: 'quarry_subject', label: 'Quarry subject' },
    { name: 'quarry_body', label: 'Quarry body' },
  ];
  const own = ['email', 'firstname', 'lastname', 'jobtitle'];
  /** The portal's users (senders) and each one's sequences. */
  const users = options.users ?? [
    { id: '2001', email: 'hana@portal.example' },
    { id: '2002', email: 'ivo@portal.example' },
  ];
  const sequences = options.sequences ?? [
    { id: '7001', name: 'Quarry outbound', userId: '2001' },
    { id: '7002', name: 'Renewal nurture', userId: '2002' },
  ];
  /**
   * One page of a list as HubSpot pages it: `limit` results at most (and at most the page size),
   * starting after the cursor `after`; `paging.next.after` names the next page while one remains.
   */
  const page = <T>(all: T[], url: URL) => {
    const limit = Math.min(Number(url.searchParams.get('limit') ?? '100') || 100, options.pageSize ?? 100);
    const start = Number(url.searchParams.get('after') ?? '0');
    const results = all.slice(start, start + limit);
    const next = start + limit < all.length ? String(start + limit) : null;
    return {
      results,
      ...(next ? { paging: { next: { after: next, link: `${url.pathname}?after=${next}` } } } : {}),
    };
  };
  /** Every enrolment made, in order: a second one of a contact in a sequence would show. */
  const enrollments: { contactId: string; sequenceId: string; userId: string; senderEmail: string }[] = [];

  // HubSpot keeps a refresh token valid across refreshes (it does not rotate it).
  const oauth: FakeOAuthProvider | null = options.oauth
    ? createFakeOAuthProvider({
        ...options.oauth,
        vendor: 'HubSpot',
        authorizePath: '/oauth/authorize',
        tokenPath: '/oauth/v1/token',
        authorizeQuerySchema: hubspotAuthorizeQuerySchema,
        tokenRequestSchema: hubspotTokenRequestSchema,
        tokenPrefix: 'hs-oauth-',
        rotateRefreshTokens: false,
        signedInAs: 'hana@portal.example',
      })
    : null;

  const server = await startFakeVendorServer({
    latencyMs: options.latencyMs,
    authorized: (req, url) => {
      if (oauth?.isOAuthPath(url.pathname)) return true;
      const auth = req.headers.authorization ?? '';
      const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
      const known = options.tokens.includes(token) || Boolean(oauth?.accessTokens.has(token));
      return known && !options.revoked?.(token);
    },
    unauthorized: {
      status: 401,
      body: error(
        'INVALID_AUTHENTICATION',
        'Authentication credentials not found. This API supports OAuth 2.0 authentication.',
      ),
    },
    throttled: (after) => ({
      status: 429,
      body: error('RATE_LIMITS', 'You have reached your ten_secondly_rolling limit.'),
      headers: { 'retry-after': after },
    }),
    route: (method, url, body, entry, req) => {
      const route = `${method} ${url.pathname}`;
      const granted = oauth?.route(method, url, body, entry, req);
      if (granted) return granted;
      if (route === 'GET /account-info/v3/details') {
        return {
          status: 200,
          body: {
            portalId: 4242,
            accountType: 'STANDARD',
            uiDomain: 'app.hubspot.com',
            timeZone: 'UTC',
            companyCurrency: 'USD',
          },
        };
      }
      if (route === 'GET /crm/v3/properties/contacts') {
        const hubspotDefined = own.map((name) => ({
          name,
          label: name,
          type: 'string',
          fieldType: 'text',
          groupName: 'contactinformation',
          hubspotDefined: true,
        }));
        const portal = custom.map((p) => ({ ...p, type: 'string', fieldType: 'textarea', groupName: 'quarry' }));
        return { status: 200, body: { results: [...hubspotDefined, ...portal] } };
      }
      if (route === 'POST /crm/v3/objects/contacts/batch/upsert') {
        entry.violation = violationOf(hubspotBatchUpsertRequestSchema, body);
        if (entry.violation) {
          return { status: 400, body: error('VALIDATION_ERROR', `Invalid input JSON: ${entry.violation}`) };
        }
        const { inputs } = hubspotBatchUpsertRequestSchema.parse(body);
        const known = new Set([...custom.map((p) => p.name), ...own]);
        for (const input of inputs) {
          const unknown = Object.keys(input.properties).find((p) => !known.has(p));
          if (unknown) {
            entry.violation = `unknown property ${unknown}`;
            return { status: 400, body: error('VALIDATION_ERROR', `Property "${unknown}" does not exist`) };
          }
          if (options.refuse?.(input.id)) {
            return {
              status: 400,
              body: error(
                'VALIDATION_ERROR',
                `Property values were not valid: ${input.id} is not a valid email address`,
              ),
            };
          }
        }
        const results = inputs.map((input) => {
          const key = input.id.toLowerCase();
          const existing = contacts.get(key);
          const contact = existing ?? { id: String(nextId++), properties: {} };
          Object.assign(contact.properties, input.properties);
          if (!existing) {
            contacts.set(key, contact);
            created.push(key);
          }
          return { id: contact.id, properties: { ...contact.properties }, new: !existing };
        });
        return { status: 200, body: { status: 'COMPLETE', results, startedAt: new Date().toISOString() } };
      }
      if (route === 'GET /settings/v3/users') {
        return {
          status: 200,
          body: page(
            users.map((u) => ({ ...u, roleIds: [], primaryTeamId: null })),
            url,
          ),
        };
      }
      if (route === 'GET /automation/v4/sequences') {
        entry.violation = violationOf(hubspotSequencesQuerySchema, Object.fromEntries(url.searchParams));
        if (entry.violation) return { status: 400, body: error('VALIDATION_ERROR', entry.violation) };
        const userId = url.searchParams.get('userId');
        const own = sequences
          .filter((q) => q.userId === userId)
          .map((q) => ({ ...q, createdAt: '2026-01-05T09:00:00Z', updatedAt: '2026-01-05T09:00:00Z' }));
        return { status: 200, body: { ...page(own, url), total: own.length } };
      }
      if (route === 'POST /automation/v4/sequences/enrollments') {
        entry.violation =
          violationOf(hubspotSequencesQuerySchema, Object.fromEntries(url.searchParams)) ??
          violationOf(hubspotEnrollmentRequestSchema, body);
        if (entry.violation) return { status: 400, body: error('VALIDATION_ERROR', entry.violation) };
        const input = hubspotEnrollmentRequestSchema.parse(body);
        const userId = url.searchParams.get('userId') ?? '';
        const user = users.find((u) => u.id === userId);
        if (!user || user.email !== input.senderEmail) {
          entry.violation = 'senderEmail is not the connected email of userId';
          return { status: 400, body: error('VALIDATION_ERROR', 'The sender email is not connected for this user') };
        }
        if (!sequences.some((q) => q.id === input.sequenceId)) {
          return { status: 404, body: error('OBJECT_NOT_FOUND', `Sequence ${input.sequenceId} not found`) };
        }
        if (![...contacts.values()].some((c) => c.id === input.contactId)) {
          return { status: 404, body: error('OBJECT_NOT_FOUND', `Contact ${input.contactId} not found`) };
        }
        if (enrollments.some((e) => e.contactId === input.contactId && e.sequenceId === input.sequenceId)) {
          return { status: 400, body: error('VALIDATION_ERROR', 'Contact is already enrolled in this sequence') };
        }
        enrollments.push({ contactId: input.contactId, sequenceId: input.sequenceId, userId, senderEmail: user.email });
        return {
          status: 200,
          body: {
            id: `enr${enrollments.length}`,
            toEmail: [...contacts.entries()].find(([, c]) => c.id === input.contactId)?.[0],
            enrolledAt: new Date().toISOString(),
            updatedAt: new Date().toISOString(),
          },
        };
      }
      return { status: 404, body: error('OBJECT_NOT_FOUND', `No route ${route}`) };
    },
  });
  return {
    ...server,
    contacts,
    /** Every email a contact was created for, in order: a duplicate creation would appear twice. */
    created,
    users,
    sequences,
    enrollments,
    /** The OAuth authorization server, when Quarry's app is registered. */
    oauth,
    oauthBaseUrl: `${server.baseUrl}/oauth`,
  };
}

export type FakeHubspot = Awaited<ReturnType<typeof startFakeHubspot>>;
