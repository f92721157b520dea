import type { CustomField } from '@quarry/shared';
import {
  apolloAddContactIdsResponseSchema,
  apolloContactResponseSchema,
  apolloEmailAccountsSchema,
  apolloErrorSchema,
  apolloHealthSchema,
  apolloSequenceSearchResponseSchema,
  apolloTypedCustomFieldsSchema,
} from './apollo-contract.ts';
import type { CredentialCheck, EngagementAdapter, Mailbox, Sequence, UpsertResult } from './engagement-adapter.ts';
import { createVendorHttp, type VendorHttpOptions, type VendorResponse } from './vendor-http.ts';

/** Apollo allows about 200 calls a minute: Quarry keeps to 3 a second. */
const MIN_INTERVAL_MS = 330;
const REASON_MAX = 300;
const SEQUENCE_PAGES_MAX = 10;

function apolloReason(answer: Extract<VendorResponse, { ok: false }>): string {
  const body = apolloErrorSchema.safeParse(answer.body);
  return (body.success ? body.data.error : answer.detail).slice(0, REASON_MAX);
}

/** Apollo with an API key in `x-api-key` (a master key is needed for sequences). */
export function createApolloAdapter(options: Omit<VendorHttpOptions, 'authHeaders'>): EngagementAdapter {
  const http = createVendorHttp({
    minIntervalMs: MIN_INTERVAL_MS,
    ...options,
    authHeaders: (key) => ({ 'x-api-key': key }),
  });
  /** The team's active linked email accounts, the default one first. */
  async function emailAccounts(key: string): Promise<Mailbox[]> {
    const answer = await http.request('GET', '/api/v1/email_accounts', key);
    if (!answer.ok) throw new Error(`Apollo did not list its email accounts: ${apolloReason(answer)}`);
    const parsed = apolloEmailAccountsSchema.safeParse(answer.body);
    if (!parsed.success) throw new Error('Apollo listed its email accounts in an unexpected shape');
    return parsed.data.email_accounts
      .filter((a) => a.active !== false)
      .sort((a, b) => Number(b.default ?? false) - Number(a.default ?? false))
      .map((a) => ({ id: a.id, email: a.email }));
  }

  return {
    type: 'apolloio',
    batchSize: 25,

    mailboxes: emailAccounts,

    async sequences(key): Promise<Sequence[]> {
      const out: Sequence[] = [];
      for (let page = 1; page <= SEQUENCE_PAGES_MAX; page++) {
        const answer = await http.request('POST', '/api/v1/emailer_campaigns/search', key, { page, per_page: 100 });
        if (!answer.ok) throw new Error(`Apollo did not list its sequences: ${apolloReason(answer)}`);
        const parsed = apolloSequenceSearchResponseSchema.safeParse(answer.body);
        if (!parsed.success) throw new Error('Apollo listed its sequences in an unexpected shape');
        out.push(...parsed.data.emailer_campaigns.map((c) => ({ id: c.id, name: c.name })));
        if (!parsed.data.pagination || page >= parsed.data.pagination.total_pages) break;
      }
      return out;
    },

    /**
     * A batch of contacts in one call, sending from the email account chosen for the send (else
     * the team's default one); Apollo takes the inputs in the query string.
     */
    async enroll(key, sequenceId, contactIds, mailboxId) {
      const fail = (reason: string) => new Map(contactIds.map((id) => [id, `Sequence: ${reason}`] as const));
      let account: Mailbox | undefined;
      try {
        const all = await emailAccounts(key);
        account = mailboxId ? all.find((a) => a.id === mailboxId) : all[0];
      } catch (error) {
        return fail(error instanceof Error ? error.message : 'Apollo did not list its email accounts');
      }
      if (!account) return fail('no linked Apollo email account to send this sequence from');
      const query = new URLSearchParams({ emailer_campaign_id: sequenceId });
      for (const id of contactIds) query.append('contact_ids[]', id);
      query.set('send_email_from_email_account_id', account.id);
      const answer = await http.request(
        'POST',
        `/api/v1/emailer_campaigns/${encodeURIComponent(sequenceId)}/add_contact_ids?${query}`,
        key,
      );
      if (!answer.ok) return fail(apolloReason(answer));
      const parsed = apolloAddContactIdsResponseSchema.safeParse(answer.body);
      if (!parsed.success) return fail('Apollo answered in an unexpected shape');
      // Apollo answers the contacts now in the sequence (those already there included).
      const taken = new Set(parsed.data.contacts.map((c) => c.id));
      return new Map(
        contactIds.map((id) => [id, taken.has(id) ? null : 'Sequence: Apollo did not add this contact'] as const),
      );
    },

    async check(key): Promise<CredentialCheck> {
      const answer = await http.request('GET', '/api/v1/auth/health', key);
      if (!answer.ok) {
        if (answer.status === 401 || answer.status === 403) return { status: 'INVALID', message: apolloReason(answer) };
        return { status: 'UNREACHABLE', message: apolloReason(answer) };
      }
      const health = apolloHealthSchema.safeParse(answer.body);
      if (!health.success) return { status: 'UNREACHABLE', message: 'Apollo answered in an unexpected shape' };
      if (!health.data.is_logged_in)
        return { status: 'INVALID', message: 'Apollo does not sign anyone in with this key' };
      return { status: 'VALID', accountName: 'Apollo' };
    },

    async customFields(key): Promise<CustomField[]> {
      const answer = await http.request('GET', '/api/v1/typed_custom_fields', key);
      if (!answer.ok) throw new Error(`Apollo did not list its custom fields: ${apolloReason(answer)}`);
      const parsed = apolloTypedCustomFieldsSchema.safeParse(answer.body);
      if (!parsed.success) throw new Error('Apollo listed its custom fields in an unexpected shape');
      return parsed.data.typed_custom_fields
        .filter((f) => f.modality === 'contact' && ['string', 'textarea'].includes(f.type))
        .map((f) => ({ name: f.id, label: f.label }))
        .sort((a, b) => a.label.localeCompare(b.label));
    },

    async upsertContacts(key, contacts) {
      const out: UpsertResult[] = [];
      for (const c of contacts) {
        const fields = {
          first_name: c.firstName,
          last_name: c.lastName,
          ...(c.title ? { title: c.title } : {}),
          typed_custom_fields: c.fields,
        };
        // run_dedupe answers the existing contact instead of a new one; the PATCH then writes the message.
        const created = await http.request('POST', '/api/v1/contacts', key, {
          email: c.email,
          run_dedupe: true,
          ...fields,
        });
        const contact = created.ok ? apolloContactResponseSchema.safeParse(created.body) : null;
        if (!created.ok || !contact?.success) {
          out.push({
            email: c.email,
            ok: false,
            reason: created.ok ? 'Apollo answered in an unexpected shape' : apolloReason(created),
          });
          continue;
        }
        const id = contact.data.contact.id;
        const updated = await http.request('PATCH', `/api/v1/contacts/${encodeURIComponent(id)}`, key, fields);
        out.push(
          updated.ok
            ? { email: c.email, ok: true, vendorId: id }
            : { email: c.email, ok: false, reason: apolloReason(updated) },
        );
      }
      return out;
    },
  };
}
