import { apolloCreateContactRequestSchema, apolloUpdateContactRequestSchema } from './apollo-contract.ts';
import { startFakeVendorServer, violationOf } from './fake-vendor-server.ts';

/** A local Apollo: auth health, typed custom fields, contacts created with dedupe and then patched. */
export async function startFakeApollo(options: { keys: string[]; refuse?: (email: string) => boolean }) {
  const contacts = new Map<string, { id: string; email: string; fields: Record<string, unknown> }>();
  const created: string[] = [];
  let nextId = 1;
  const fieldIds = ['60c39ed82bd02f01154c470a', '60c39ed82bd02f01154c470b'];
  const server = await startFakeVendorServer({
    // The health check answers any key (saying whether it signs anyone in); every other call needs a known one.
    authorized: (req, url) =>
      url.pathname === '/api/v1/auth/health' || options.keys.includes(String(req.headers['x-api-key'] ?? '')),
    unauthorized: { status: 401, body: { error: 'Invalid access credentials.' } },
    throttled: (after) => ({
      status: 429,
      body: { error: 'The maximum number of api calls allowed for api/v1/contacts/create is 200 times per minute.' },
      headers: { 'retry-after': after },
    }),
    route: (method, url, body, entry, req) => {
      const route = `${method} ${url.pathname}`;
      if (route === 'GET /api/v1/auth/health') {
        // Apollo answers 200 either way; a key it does not know signs no one in.
        return {
          status: 200,
          body: { healthy: true, is_logged_in: options.keys.includes(String(req.headers['x-api-key'] ?? '')) },
        };
      }
      if (route === 'GET /api/v1/typed_custom_fields') {
        return {
          status: 200,
          body: {
            typed_custom_fields: [
              { id: fieldIds[0], label: 'Quarry subject', type: 'string', modality: 'contact' },
              { id: fieldIds[1], label: 'Quarry body', type: 'textarea', modality: 'contact' },
              { id: 'acct1', label: 'Account tier', type: 'string', modality: 'account' },
            ],
          },
        };
      }
      if (route === 'POST /api/v1/contacts') {
        entry.violation = violationOf(apolloCreateContactRequestSchema, body);
        if (entry.violation) return { status: 422, body: { error: entry.violation } };
        const input = apolloCreateContactRequestSchema.parse(body);
        if (options.refuse?.(input.email)) return { status: 422, body: { error: 'Email is invalid' } };
        const key = input.email.toLowerCase();
        let contact = contacts.get(key);
        if (!contact) {
          contact = { id: `ct${nextId++}`, email: key, fields: {} };
          contacts.set(key, contact);
          created.push(key);
        }
        return { status: 200, body: { contact: { id: contact.id, email: contact.email } } };
      }
      const patch = url.pathname.match(/^\/api\/v1\/contacts\/([^/]+)$/);
      if (method === 'PATCH' && patch) {
        entry.violation = violationOf(apolloUpdateContactRequestSchema, body);
        if (entry.violation) return { status: 422, body: { error: entry.violation } };
        const contact = [...contacts.values()].find((c) => c.id === patch[1]);
        if (!contact) return { status: 404, body: { error: 'Contact not found' } };
        const input = apolloUpdateContactRequestSchema.parse(body);
        const unknown = Object.keys(input.typed_custom_fields ?? {}).find((f) => !fieldIds.includes(f));
        if (unknown) return { status: 422, body: { error: `Unknown custom field ${unknown}` } };
        Object.assign(contact.fields, input.typed_custom_fields);
        return { status: 200, body: { contact: { id: contact.id, email: contact.email } } };
      }
      return { status: 404, body: { error: `No route ${route}` } };
    },
  });
  return { ...server, contacts, created, fieldIds };
}
