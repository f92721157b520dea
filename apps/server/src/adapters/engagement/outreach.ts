import type { CustomField } from '@quarry/shared';
import type { CredentialCheck, EngagementAdapter, Mailbox, Sequence, UpsertResult } from './engagement-adapter.ts';
import {
  OUTREACH_CUSTOM_FIELD_COUNT,
  OUTREACH_MEDIA_TYPE,
  outreachErrorSchema,
  outreachMailboxesSchema,
  outreachProspectSchema,
  outreachProspectsSchema,
  outreachRootSchema,
  outreachSequenceStateSchema,
  outreachSequencesSchema,
  outreachUsersSchema,
} from './outreach-contract.ts';
import { createVendorHttp, type VendorHttpOptions, type VendorResponse } from './vendor-http.ts';

/** Outreach allows 10,000 requests an hour per user: Quarry keeps to about 2.7 a second. */
const MIN_INTERVAL_MS = 370;
const PAGES_MAX = 20;
const REASON_MAX = 300;

function outreachReason(answer: Extract<VendorResponse, { ok: false }>): string {
  const body = outreachErrorSchema.safeParse(answer.body);
  if (!body.success || body.data.errors.length === 0) return answer.detail.slice(0, REASON_MAX);
  return body.data.errors
    .map((e) => e.detail ?? e.title ?? e.id ?? 'error')
    .join('; ')
    .slice(0, REASON_MAX);
}

/** The path of a JSON:API `links.next`, kept on the configured host (never one the answer names). */
function nextPath(next: string | null | undefined): string | null {
  if (!next) return null;
  try {
    const url = new URL(next, 'http://outreach.invalid');
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}

/**
 * Outreach (JSON:API) with an OAuth access token; the integrations service refreshes the token
 * before it is handed here. Custom fields are Outreach's fixed custom1…custom150.
 */
export function createOutreachAdapter(options: Omit<VendorHttpOptions, 'authHeaders'>) {
  const http = createVendorHttp({
    minIntervalMs: MIN_INTERVAL_MS,
    accept: OUTREACH_MEDIA_TYPE,
    ...options,
    authHeaders: (token) => ({ authorization: `Bearer ${token}` }),
  });

  async function pages<T>(
    token: string,
    first: string,
    what: string,
    parse: (body: unknown) => { items: T[]; next: string | null } | null,
  ): Promise<T[]> {
    const out: T[] = [];
    let path: string | null = first;
    for (let n = 0; path && n < PAGES_MAX; n++) {
      const answer = await http.request('GET', path, token);
      if (!answer.ok) throw new Error(`Outreach did not list its ${what}: ${outreachReason(answer)}`);
      const parsed = parse(answer.body);
      if (!parsed) throw new Error(`Outreach listed its ${what} in an unexpected shape`);
      out.push(...parsed.items);
      path = parsed.next;
    }
    return out;
  }

  async function mailboxes(token: string): Promise<Mailbox[]> {
    return pages(token, '/api/v2/mailboxes?page[size]=50', 'mailboxes', (body) => {
      const p = outreachMailboxesSchema.safeParse(body);
      if (!p.success) return null;
      return {
        items: p.data.data.map((m) => ({ id: String(m.id), email: m.attributes.email ?? '' })),
        next: nextPath(p.data.links?.next),
      };
    });
  }

  const send = (method: string, path: string, token: string, body: unknown) =>
    http.request(method, path, token, body, OUTREACH_MEDIA_TYPE);

  /** The name of the Outreach user with this email, or null when Outreach does not say (a missing users.read scope, say). */
  async function userName(token: string, email: string): Promise<string | null> {
    const answer = await http.request('GET', `/api/v2/users?filter[email]=${encodeURIComponent(email)}`, token);
    if (!answer.ok) return null;
    const users = outreachUsersSchema.safeParse(answer.body);
    const user = users.success
      ? users.data.data.find((u) => u.attributes.email?.toLowerCase() === email.toLowerCase())
      : undefined;
    return [user?.attributes.firstName, user?.attributes.lastName].filter(Boolean).join(' ') || null;
  }

  const adapter: EngagementAdapter = {
    type: 'outreach',
    // Two or three calls a prospect: results are recorded every 25.
    batchSize: 25,
    mailboxes,

    // Who am I: the API root (GET /api/v2) names the token's user by email in `meta.user` (see
    // outreachRootSchema for what is documented and what is not); the v2 users resource, filtered
    // by that email, gives the user's name. Outreach executes every call "on behalf of the user who
    // performed authorization" (https://developers.outreach.io/api/oauth/). A refused token answers
    // 401 with JSON:API errors.
    async check(token): Promise<CredentialCheck> {
      const answer = await http.request('GET', '/api/v2', token);
      if (!answer.ok) {
        if (answer.status === 401 || answer.status === 403)
          return { status: 'INVALID', message: outreachReason(answer) };
        return { status: 'UNREACHABLE', message: outreachReason(answer) };
      }
      const root = outreachRootSchema.safeParse(answer.body);
      if (!root.success) return { status: 'UNREACHABLE', message: 'Outreach answered in an unexpected shape' };
      const email = root.data.meta?.user?.email ?? null;
      return {
        status: 'VALID',
        accountName: `${(email && (await userName(token, email))) || email || 'Outreach user'} (Outreach)`,
      };
    },

    async customFields(): Promise<CustomField[]> {
      return Array.from({ length: OUTREACH_CUSTOM_FIELD_COUNT }, (_, i) => ({
        name: `custom${i + 1}`,
        label: `Custom ${i + 1}`,
      }));
    },

    async sequences(token): Promise<Sequence[]> {
      return pages(token, '/api/v2/sequences?page[size]=50', 'sequences', (body) => {
        const p = outreachSequencesSchema.safeParse(body);
        if (!p.success) return null;
        return {
          items: p.data.data.map((s) => ({ id: String(s.id), name: s.attributes.name ?? `Sequence ${s.id}` })),
          next: nextPath(p.data.links?.next),
        };
      });
    },

    /** Outreach sends from a mailbox: the one chosen for the send, else the token user's first one. */
    async enroll(token, sequenceId, prospectIds, mailboxId) {
      const out = new Map<string, string | null>();
      let mailbox: Mailbox | undefined;
      try {
        const all = await mailboxes(token);
        mailbox = mailboxId ? all.find((m) => m.id === mailboxId) : all[0];
        if (mailboxId && !mailbox) {
          for (const p of prospectIds) out.set(p, 'Sequence: this Outreach mailbox is no longer there');
          return out;
        }
      } catch (error) {
        const reason = error instanceof Error ? error.message : 'Outreach did not list its mailboxes';
        for (const p of prospectIds) out.set(p, `Sequence: ${reason}`);
        return out;
      }
      for (const prospectId of prospectIds) {
        if (!mailbox) {
          out.set(prospectId, 'Sequence: the connected Outreach user has no mailbox');
          continue;
        }
        const answer = await send('POST', '/api/v2/sequenceStates', token, {
          data: {
            type: 'sequenceState',
            relationships: {
              prospect: { data: { type: 'prospect', id: Number(prospectId) } },
              sequence: { data: { type: 'sequence', id: Number(sequenceId) } },
              mailbox: { data: { type: 'mailbox', id: Number(mailbox.id) } },
            },
          },
        });
        if (answer.ok) {
          out.set(
            prospectId,
            outreachSequenceStateSchema.safeParse(answer.body).success
              ? null
              : 'Outreach answered in an unexpected shape',
          );
          continue;
        }
        const reason = outreachReason(answer);
        // Enrolled by an earlier attempt that was not recorded: that is what was wanted.
        out.set(
          prospectId,
          /already (active |exists |enrolled )?in (this|the) sequence|already been added/i.test(reason)
            ? null
            : `Sequence: ${reason}`,
        );
      }
      return out;
    },

    async upsertContacts(token, contacts) {
      const out: UpsertResult[] = [];
      for (const c of contacts) {
        const found = await http.request(
          'GET',
          `/api/v2/prospects?filter[emails]=${encodeURIComponent(c.email)}`,
          token,
        );
        if (!found.ok) {
          out.push({ email: c.email, ok: false, reason: outreachReason(found) });
          continue;
        }
        const list = outreachProspectsSchema.safeParse(found.body);
        if (!list.success) {
          out.push({ email: c.email, ok: false, reason: 'Outreach answered in an unexpected shape' });
          continue;
        }
        const attributes = {
          firstName: c.firstName,
          lastName: c.lastName,
          ...(c.title ? { title: c.title } : {}),
          ...c.fields,
        };
        const existing = list.data.data[0];
        const answer = existing
          ? await send('PATCH', `/api/v2/prospects/${existing.id}`, token, {
              data: { type: 'prospect', id: existing.id, attributes },
            })
          : await send('POST', '/api/v2/prospects', token, {
              data: { type: 'prospect', attributes: { emails: [c.email], ...attributes } },
            });
        if (!answer.ok) {
          out.push({ email: c.email, ok: false, reason: outreachReason(answer) });
          continue;
        }
        const parsed = outreachProspectSchema.safeParse(answer.body);
        out.push(
          parsed.success
            ? { email: c.email, ok: true, vendorId: String(parsed.data.data.id) }
            : { email: c.email, ok: false, reason: 'Outreach answered in an unexpected shape' },
        );
      }
      return out;
    },
  };
  return adapter;
}
