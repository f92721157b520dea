import type { CustomField } from '@quarry/shared';
import type {
  ContactUpsert,
  CredentialCheck,
  EngagementAdapter,
  Mailbox,
  Sequence,
  UpsertResult,
} from './engagement-adapter.ts';
import {
  HUBSPOT_BATCH_MAX,
  hubspotAccountDetailsSchema,
  hubspotBatchUpsertResponseSchema,
  hubspotEnrollmentResponseSchema,
  hubspotErrorSchema,
  hubspotPropertiesSchema,
  hubspotSequencesSchema,
  hubspotUsersSchema,
} from './hubspot-contract.ts';
import { createVendorHttp, type VendorHttpOptions, type VendorResponse } from './vendor-http.ts';

/** HubSpot allows 100 to 190 calls per 10 s per app: Quarry keeps to 8 a second. */
const MIN_INTERVAL_MS = 125;
const REASON_MAX = 300;
/** Pages read of a list (users, sequences) at most. */
const PAGES_MAX = 20;
/**
 * Sequences are listed per HubSpot user (userId is required, no portal-wide list): every user's,
 * page by page, for the first this many users HubSpot lists (a portal's sequence senders are its
 * Sales Hub seats). At Quarry's pace that is about 13 s of calls at most; beyond it a portal's
 * further users' own sequences are not offered.
 */
export const SEQUENCE_USERS_MAX = 100;

/** The vendor's own words from an error answer, else what went wrong with the call. */
export function hubspotReason(answer: Extract<VendorResponse, { ok: false }>): string {
  const body = hubspotErrorSchema.safeParse(answer.body);
  return (body.success ? body.data.message : answer.detail).slice(0, REASON_MAX);
}

/** HubSpot with a private-app token (or an OAuth access token): both are sent as a Bearer token. */
export function createHubspotAdapter(options: Omit<VendorHttpOptions, 'authHeaders'>): EngagementAdapter {
  const http = createVendorHttp({
    minIntervalMs: MIN_INTERVAL_MS,
    ...options,
    authHeaders: (token) => ({ authorization: `Bearer ${token}` }),
  });

  async function upsertBatch(token: string, contacts: ContactUpsert[]): Promise<UpsertResult[]> {
    const answer = await http.request('POST', '/crm/v3/objects/contacts/batch/upsert', token, {
      inputs: contacts.map((c) => ({
        id: c.email,
        idProperty: 'email',
        properties: {
          email: c.email,
          firstname: c.firstName,
          lastname: c.lastName,
          ...(c.title ? { jobtitle: c.title } : {}),
          ...c.fields,
        },
      })),
    });
    if (!answer.ok) {
      // One contact HubSpot refuses fails the whole batch: each is sent again alone, so only it fails.
      if (
        contacts.length > 1 &&
        answer.status !== null &&
        answer.status >= 400 &&
        answer.status < 500 &&
        answer.status !== 429 &&
        answer.status !== 401
      ) {
        const one = await Promise.all(contacts.map((c) => upsertBatch(token, [c])));
        return one.flat();
      }
      const reason = hubspotReason(answer);
      return contacts.map((c) => ({ email: c.email, ok: false, reason }));
    }
    const parsed = hubspotBatchUpsertResponseSchema.safeParse(answer.body);
    if (!parsed.success) {
      return contacts.map((c) => ({ email: c.email, ok: false, reason: 'HubSpot answered in an unexpected shape' }));
    }
    const byEmail = new Map(
      parsed.data.results.map((r) => [String(r.properties.email ?? '').toLowerCase(), r.id] as const),
    );
    const fallback = parsed.data.errors?.[0]?.message ?? 'HubSpot did not take this contact';
    return contacts.map((c): UpsertResult => {
      const id = byEmail.get(c.email.toLowerCase());
      return id ? { email: c.email, ok: true, vendorId: id } : { email: c.email, ok: false, reason: fallback };
    });
  }

  /** A paged HubSpot list (`paging.next.after`), at most PAGES_MAX pages. */
  async function pages<T>(
    token: string,
    path: string,
    what: string,
    read: (body: unknown) => { items: T[]; after: string | undefined } | null,
  ): Promise<T[]> {
    const out: T[] = [];
    let after: string | undefined;
    for (let n = 0; n < PAGES_MAX; n++) {
      const separator = path.includes('?') ? '&' : '?';
      const answer = await http.request(
        'GET',
        `${path}${separator}limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`,
        token,
      );
      if (!answer.ok) throw new Error(`HubSpot did not list its ${what}: ${hubspotReason(answer)}`);
      const page = read(answer.body);
      if (!page) throw new Error(`HubSpot listed its ${what} in an unexpected shape`);
      out.push(...page.items);
      if (!page.after) break;
      after = page.after;
    }
    return out;
  }

  /** The portal's users: the senders a sequence can go out from (a mailbox, to Quarry). */
  function users(token: string): Promise<Mailbox[]> {
    return pages(token, '/settings/v3/users', 'users', (body) => {
      const p = hubspotUsersSchema.safeParse(body);
      if (!p.success) return null;
      return { items: p.data.results.map((u) => ({ id: u.id, email: u.email })), after: p.data.paging?.next?.after };
    });
  }

  return {
    type: 'hubspot',
    batchSize: HUBSPOT_BATCH_MAX,

    mailboxes: users,

    /** Sequences belong to users and are listed per user (userId is required): the first users', each once. */
    async sequences(token): Promise<Sequence[]> {
      const seen = new Map<string, Sequence>();
      for (const user of (await users(token)).slice(0, SEQUENCE_USERS_MAX)) {
        const own = await pages(
          token,
          `/automation/v4/sequences?userId=${encodeURIComponent(user.id)}`,
          'sequences',
          (body) => {
            const p = hubspotSequencesSchema.safeParse(body);
            if (!p.success) return null;
            return {
              items: p.data.results.map((s) => ({ id: s.id, name: s.name })),
              after: p.data.paging?.next?.after,
            };
          },
        );
        for (const s of own) if (!seen.has(s.id)) seen.set(s.id, s);
      }
      return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
    },

    /**
     * One enrolment per contact (HubSpot has no batch enrolment), acting for the sender chosen for
     * the send (else the portal's first user) and sending from their email address.
     */
    async enroll(token, sequenceId, contactIds, mailboxId) {
      const out = new Map<string, string | null>();
      let sender: Mailbox | undefined;
      try {
        const all = await users(token);
        sender = mailboxId ? all.find((u) => u.id === mailboxId) : all[0];
      } catch (error) {
        const reason = error instanceof Error ? error.message : 'HubSpot did not list its users';
        for (const id of contactIds) out.set(id, `Sequence: ${reason}`);
        return out;
      }
      for (const contactId of contactIds) {
        if (!sender) {
          out.set(contactId, 'Sequence: no HubSpot user to send this sequence from');
          continue;
        }
        const answer = await http.request(
          'POST',
          `/automation/v4/sequences/enrollments?userId=${encodeURIComponent(sender.id)}`,
          token,
          { contactId, sequenceId, senderEmail: sender.email },
        );
        if (answer.ok) {
          out.set(
            contactId,
            hubspotEnrollmentResponseSchema.safeParse(answer.body).success
              ? null
              : 'HubSpot answered in an unexpected shape',
          );
          continue;
        }
        const reason = hubspotReason(answer);
        // Enrolled by an earlier attempt that was not recorded: that is what was wanted.
        out.set(contactId, /already (actively )?enrolled/i.test(reason) ? null : `Sequence: ${reason}`);
      }
      return out;
    },

    async check(token): Promise<CredentialCheck> {
      const answer = await http.request('GET', '/account-info/v3/details', token);
      if (!answer.ok) {
        if (answer.status === 401 || answer.status === 403)
          return { status: 'INVALID', message: hubspotReason(answer) };
        return { status: 'UNREACHABLE', message: hubspotReason(answer) };
      }
      const details = hubspotAccountDetailsSchema.safeParse(answer.body);
      if (!details.success) return { status: 'UNREACHABLE', message: 'HubSpot answered in an unexpected shape' };
      const { portalId, uiDomain } = details.data;
      return { status: 'VALID', accountName: `HubSpot account ${portalId}${uiDomain ? ` (${uiDomain})` : ''}` };
    },

    async customFields(token): Promise<CustomField[]> {
      const answer = await http.request('GET', '/crm/v3/properties/contacts', token);
      if (!answer.ok) throw new Error(`HubSpot did not list its contact properties: ${hubspotReason(answer)}`);
      const parsed = hubspotPropertiesSchema.safeParse(answer.body);
      if (!parsed.success) throw new Error('HubSpot listed its contact properties in an unexpected shape');
      // The portal's own writable text properties: where a message can land.
      return parsed.data.results
        .filter(
          (p) => !p.hubspotDefined && !p.calculated && !p.modificationMetadata?.readOnlyValue && p.type === 'string',
        )
        .map((p) => ({ name: p.name, label: p.label }))
        .sort((a, b) => a.label.localeCompare(b.label));
    },

    async upsertContacts(token, contacts) {
      const out: UpsertResult[] = [];
      for (let i = 0; i < contacts.length; i += HUBSPOT_BATCH_MAX) {
        out.push(...(await upsertBatch(token, contacts.slice(i, i + HUBSPOT_BATCH_MAX))));
      }
      return out;
    },
  };
}
