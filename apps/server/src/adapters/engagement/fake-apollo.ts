import {
  apolloAddContactIdsQuerySchema,
  apolloCreateContactRequestSchema,
  apolloSequenceSearchRequestSchema,
  apolloUpdateContactRequestSchema,
} from './apollo-contract.ts';
import { startFakeVendorServer, violationOf } from './fake-vendor-server.ts';

/** A local Apollo: auth health, typed custom fields, contacts created with dedupe and then patched. */
export async function startFakeApollo(options: { keys: string[]; refuse?: (email: string) => boolean }) {
  const contacts = new Map<string, { id: string; email: string; fields: Record<string, unknown> }>();
  const created: string[] = [];
  let nextId = 1;
  const fieldIds = ['60c39ed82bd02f01154c470a', '60c39ed82bd02f01154c470b'];
  const emailAccounts = [
    { id: 'ea_old', email: 'old@team.example', active: false, default: false },
    { id: 'ea_main', email: 'ana@team.example', active: true, default: true },
    { id: 'ea_second', email: 'ben@team.example', active: true, default: false },
  ];
  const sequences = [
    { id: 'seq_outbound', name: 'Quarry outbound', active: true },
    { id: 'seq_events', name: 'Event follow-up', active: true },
  ];
  /** Every contact added to a sequence, with the account it sends from. */
  const added: { contactId: string; sequenceId: string; emailAccountId: string }[] = [];
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
      if (route === 'GET /api/v1/email_accounts') return { status: 200, body: { email_accounts: emailAccounts } };
      if (route === 'POST /api/v1/emailer_campaigns/search') {
        entry.violation = violationOf(apolloSequenceSearchRequestSchema, body);
        if (entry.violation) return { status: 422, body: { error: entry.violation } };
        return {
          status: 200,
          body: {
            emailer_campaigns: sequences,
            pagination: { page: 1, per_page: 100, total_entries: 2, total_pages: 1 },
          },
        };
      }
      const enrol = url.pathname.match(/^\/api\/v1\/emailer_campaigns\/([^/]+)\/add_contact_ids$/);
      if (method === 'POST' && enrol) {
        const query = {
          emailer_campaign_id: url.searchParams.get('emailer_campaign_id') ?? undefined,
          'contact_ids[]': url.searchParams.getAll('contact_ids[]'),
          send_email_from_email_account_id: url.searchParams.get('send_email_from_email_account_id') ?? undefined,
        };
        entry.violation =
          violationOf(apolloAddContactIdsQuerySchema, query) ??
          (query.emailer_campaign_id !== decodeURIComponent(enrol[1] ?? '')
            ? 'emailer_campaign_id must be the sequence id of the path'
            : null) ??
          (body === null ? null : 'add_contact_ids takes its inputs in the query, not a body');
        if (entry.violation) return { status: 422, body: { error: entry.violation } };
        const input = apolloAddContactIdsQuerySchema.parse(query);
        if (!sequences.some((q) => q.id === input.emailer_campaign_id))
          return { status: 404, body: { error: 'Sequence not found' } };
        const account = emailAccounts.find((a) => a.id === input.send_email_from_email_account_id);
        if (!account?.active) return { status: 422, body: { error: 'Email account is not active' } };
        const known = [...contacts.values()];
        const unknown = input['contact_ids[]'].find((id) => !known.some((c) => c.id === id));
        if (unknown) return { status: 422, body: { error: `Contact ${unknown} not found` } };
        for (const id of input['contact_ids[]']) {
          if (!added.some((a) => a.contactId === id && a.sequenceId === input.emailer_campaign_id)) {
            added.push({ contactId: id, sequenceId: input.emailer_campaign_id, emailAccountId: account.id });
          }
        }
        return {
          status: 200,
          body: {
            contacts: input['contact_ids[]'].map((id) => ({ id, emailer_campaign_ids: [input.emailer_campaign_id] })),
            emailer_campaign: sequences.find((q) => q.id === input.emailer_campaign_id),
          },
        };
      }
      return { status: 404, body: { error: `No route ${route}` } };
    },
  });
  return { ...server, contacts, created, fieldIds, emailAccounts, sequences, added };
}
