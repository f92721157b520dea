import type { CustomField } from '@quarry/shared';
import {
  apolloContactResponseSchema,
  apolloErrorSchema,
  apolloHealthSchema,
  apolloTypedCustomFieldsSchema,
} from './apollo-contract.ts';
import type { CredentialCheck, EngagementAdapter, UpsertResult } from './engagement-adapter.ts';
import { createVendorHttp, type VendorHttpOptions, type VendorResponse } from './vendor-http.ts';

/** Apollo allows about 200 calls a minute: Quarry keeps to 3 a second. */
const MIN_INTERVAL_MS = 330;
const REASON_MAX = 300;

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
  return {
    type: 'apolloio',
    batchSize: 25,

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
