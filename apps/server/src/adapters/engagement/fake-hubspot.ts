import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { hubspotBatchUpsertRequestSchema } from './hubspot-contract.ts';

/** A request the fake received, with whether it kept HubSpot's contract. */
export type FakeHubspotRequest = { method: string; path: string; at: number; body: unknown; violation: string | null };

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
};

/**
 * A local stand-in for HubSpot's API: it answers the calls Quarry makes the way HubSpot documents
 * them, refuses what HubSpot would (checked against hubspot-contract.ts), keeps contacts by email
 * so a duplicate would show, and can be told to answer 429 with Retry-After.
 */
export async function startFakeHubspot(options: FakeHubspotOptions) {
  const requests: FakeHubspotRequest[] = [];
  const contacts = new Map<string, { id: string; properties: Record<string, string> }>();
  const created: string[] = [];
  let nextId = 1001;
  let throttleNext = 0;
  let retryAfterSeconds = '1';
  const custom = options.customProperties ?? [
    { name: 'quarry_subject', label: 'Quarry subject' },
    { name: 'quarry_body', label: 'Quarry body' },
  ];

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json;charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };
  const error = (category: string, message: string) => ({ status: 'error', message, category, correlationId: 'fake' });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      const entry: FakeHubspotRequest = {
        method: req.method ?? '',
        path: url.pathname,
        at: Date.now(),
        body,
        violation: null,
      };
      requests.push(entry);
      setTimeout(() => answer(req, res, url, body, entry), options.latencyMs ?? 0);
    });
  });

  function answer(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL,
    body: unknown,
    entry: FakeHubspotRequest,
  ) {
    const auth = req.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (!options.tokens.includes(token) || options.revoked?.(token)) {
      return send(
        res,
        401,
        error(
          'INVALID_AUTHENTICATION',
          'Authentication credentials not found. This API supports OAuth 2.0 authentication.',
        ),
      );
    }
    if (throttleNext > 0) {
      throttleNext -= 1;
      return send(res, 429, error('RATE_LIMITS', 'You have reached your ten_secondly_rolling limit.'), {
        'retry-after': retryAfterSeconds,
      });
    }
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /account-info/v3/details') {
      return send(res, 200, {
        portalId: 4242,
        accountType: 'STANDARD',
        uiDomain: 'app.hubspot.com',
        timeZone: 'UTC',
        companyCurrency: 'USD',
      });
    }
    if (route === 'GET /crm/v3/properties/contacts') {
      const own = ['email', 'firstname', 'lastname', 'jobtitle'].map((name) => ({
        name,
        label: name,
        type: 'string',
        fieldType: 'text',
        groupName: 'contactinformation',
        hubspotDefined: true,
      }));
      const portal = custom.map((p) => ({ ...p, type: 'string', fieldType: 'textarea', groupName: 'quarry' }));
      return send(res, 200, { results: [...own, ...portal] });
    }
    if (route === 'POST /crm/v3/objects/contacts/batch/upsert') {
      const parsed = hubspotBatchUpsertRequestSchema.safeParse(body);
      if (!parsed.success) {
        entry.violation = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
        return send(res, 400, error('VALIDATION_ERROR', `Invalid input JSON: ${entry.violation}`));
      }
      const known = new Set([...custom.map((p) => p.name), 'email', 'firstname', 'lastname', 'jobtitle']);
      for (const input of parsed.data.inputs) {
        const unknown = Object.keys(input.properties).find((p) => !known.has(p));
        if (unknown) {
          entry.violation = `unknown property ${unknown}`;
          return send(res, 400, error('VALIDATION_ERROR', `Property "${unknown}" does not exist`));
        }
        if (options.refuse?.(input.id)) {
          return send(
            res,
            400,
            error('VALIDATION_ERROR', `Property values were not valid: ${input.id} is not a valid email address`),
          );
        }
      }
      const results = parsed.data.inputs.map((input) => {
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
      return send(res, 200, { status: 'COMPLETE', results, startedAt: new Date().toISOString() });
    }
    return send(res, 404, error('OBJECT_NOT_FOUND', `No route ${route}`));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    contacts,
    /** Every email a contact was created for, in order: a duplicate creation would appear twice. */
    created,
    /** The next `count` requests answer 429 with this Retry-After. */
    throttle(count: number, retryAfter = '1') {
      throttleNext = count;
      retryAfterSeconds = retryAfter;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeHubspot = Awaited<ReturnType<typeof startFakeHubspot>>;
