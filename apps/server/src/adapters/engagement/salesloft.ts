import type { CustomField } from '@quarry/shared';
import type { CredentialCheck, EngagementAdapter, Sequence, UpsertResult } from './engagement-adapter.ts';
import {
  salesloftCadenceMembershipResponseSchema,
  salesloftCadencesSchema,
  salesloftCustomFieldsSchema,
  salesloftErrorSchema,
  salesloftMeSchema,
  salesloftPersonUpsertResponseSchema,
} from './salesloft-contract.ts';
import { createVendorHttp, type VendorHttpOptions, type VendorResponse } from './vendor-http.ts';

/** Salesloft allows 600 cost a minute per team (a call costs at least 1): Quarry keeps to 9 calls a second. */
const MIN_INTERVAL_MS = 110;
const PAGES_MAX = 20;
const REASON_MAX = 300;

function salesloftReason(answer: Extract<VendorResponse, { ok: false }>): string {
  const body = salesloftErrorSchema.safeParse(answer.body);
  if (!body.success) return answer.detail.slice(0, REASON_MAX);
  if ('error' in body.data) return body.data.error.slice(0, REASON_MAX);
  return Object.entries(body.data.errors)
    .map(([field, messages]) => `${field} ${messages.join(', ')}`)
    .join('; ')
    .slice(0, REASON_MAX);
}

/** Salesloft with an API key (`Bearer ak_…`); OAuth access tokens are sent the same way. */
export function createSalesloftAdapter(options: Omit<VendorHttpOptions, 'authHeaders'>): EngagementAdapter {
  const http = createVendorHttp({
    minIntervalMs: MIN_INTERVAL_MS,
    ...options,
    authHeaders: (key) => ({ authorization: `Bearer ${key}` }),
  });
  return {
    type: 'salesloft',
    // One person a call: results are recorded every 25.
    batchSize: 25,

    async check(key): Promise<CredentialCheck> {
      const answer = await http.request('GET', '/v2/me', key);
      if (!answer.ok) {
        if (answer.status === 401 || answer.status === 403)
          return { status: 'INVALID', message: salesloftReason(answer) };
        return { status: 'UNREACHABLE', message: salesloftReason(answer) };
      }
      const me = salesloftMeSchema.safeParse(answer.body);
      if (!me.success) return { status: 'UNREACHABLE', message: 'Salesloft answered in an unexpected shape' };
      return { status: 'VALID', accountName: `${me.data.data.name ?? me.data.data.email} (Salesloft)` };
    },

    async customFields(key): Promise<CustomField[]> {
      const out: CustomField[] = [];
      for (let page = 1; page <= PAGES_MAX; page++) {
        const answer = await http.request('GET', `/v2/custom_fields?field_type=person&per_page=100&page=${page}`, key);
        if (!answer.ok) throw new Error(`Salesloft did not list its custom fields: ${salesloftReason(answer)}`);
        const parsed = salesloftCustomFieldsSchema.safeParse(answer.body);
        if (!parsed.success) throw new Error('Salesloft listed its custom fields in an unexpected shape');
        // Salesloft keys a person's custom fields by the field's name.
        out.push(...parsed.data.data.map((f) => ({ name: f.name, label: f.name })));
        if (!parsed.data.metadata?.paging?.next_page) break;
      }
      return out.sort((a, b) => a.label.localeCompare(b.label));
    },

    async sequences(key): Promise<Sequence[]> {
      const out: Sequence[] = [];
      for (let page = 1; page <= PAGES_MAX; page++) {
        const answer = await http.request('GET', `/v2/cadences?per_page=100&page=${page}`, key);
        if (!answer.ok) throw new Error(`Salesloft did not list its cadences: ${salesloftReason(answer)}`);
        const parsed = salesloftCadencesSchema.safeParse(answer.body);
        if (!parsed.success) throw new Error('Salesloft listed its cadences in an unexpected shape');
        out.push(...parsed.data.data.map((c) => ({ id: String(c.id), name: c.name })));
        if (!parsed.data.metadata?.paging?.next_page) break;
      }
      return out;
    },

    async enroll(key, cadenceId, personIds) {
      const out = new Map<string, string | null>();
      for (const personId of personIds) {
        const query = new URLSearchParams({ person_id: personId, cadence_id: cadenceId });
        const answer = await http.request('POST', `/v2/cadence_memberships?${query}`, key);
        if (answer.ok) {
          const parsed = salesloftCadenceMembershipResponseSchema.safeParse(answer.body);
          out.set(personId, parsed.success ? null : 'Salesloft answered in an unexpected shape');
          continue;
        }
        const reason = salesloftReason(answer);
        // Enrolled by an earlier attempt that was not recorded: that is what was wanted.
        out.set(personId, /already on (this|the) cadence/i.test(reason) ? null : `Cadence: ${reason}`);
      }
      return out;
    },

    async upsertContacts(key, contacts) {
      const out: UpsertResult[] = [];
      for (const c of contacts) {
        const answer = await http.request('POST', '/v2/person_upserts', key, {
          upsert_key: 'email_address',
          email_address: c.email,
          first_name: c.firstName,
          last_name: c.lastName,
          ...(c.title ? { title: c.title } : {}),
          custom_fields: c.fields,
        });
        if (!answer.ok) {
          out.push({ email: c.email, ok: false, reason: salesloftReason(answer) });
          continue;
        }
        const parsed = salesloftPersonUpsertResponseSchema.safeParse(answer.body);
        out.push(
          parsed.success
            ? { email: c.email, ok: true, vendorId: String(parsed.data.data.person.id) }
            : { email: c.email, ok: false, reason: 'Salesloft answered in an unexpected shape' },
        );
      }
      return out;
    },
  };
}
