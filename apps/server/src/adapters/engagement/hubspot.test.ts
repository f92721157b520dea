import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../../testing/closed-port.ts';
import { type FakeHubspot, startFakeHubspot } from './fake-hubspot.ts';
import { createHubspotAdapter, SEQUENCE_USERS_MAX } from './hubspot.ts';
import { retryAfterMs } from './vendor-http.ts';

const TOKEN = 'pat-na1-adapter-test-token-0000';
let fake: FakeHubspot;
const waits: number[] = [];
const adapterAt = (baseUrl: string, extra: { timeoutMs?: number } = {}) =>
  createHubspotAdapter({ baseUrl, minIntervalMs: 0, sleep: async (ms) => void waits.push(ms), ...extra });

beforeAll(async () => {
  fake = await startFakeHubspot({ tokens: [TOKEN], refuse: (email) => email.startsWith('bad') });
});
afterAll(() => fake?.close());

/** A server that answers every call with `answer` (HTML, a hang...). */
async function oddServer(answer: (res: http.ServerResponse) => void) {
  const server = http.createServer((_req, res) => answer(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('the HubSpot adapter against a fake that checks every request', () => {
  it('checks a token: VALID with the portal, INVALID with HubSpot’s message', async () => {
    const adapter = adapterAt(fake.baseUrl);
    expect(await adapter.check(TOKEN)).toEqual({
      status: 'VALID',
      accountName: 'HubSpot account 4242 (app.hubspot.com)',
    });
    const wrong = await adapter.check('pat-na1-nope');
    expect(wrong.status).toBe('INVALID');
    expect(JSON.stringify(wrong)).not.toContain('pat-na1-nope');
  });

  it('upserts contacts by email in batches of at most 100, each answered, one refused without failing the rest', async () => {
    const adapter = adapterAt(fake.baseUrl);
    const contacts = Array.from({ length: 150 }, (_, i) => ({
      email: i === 7 ? `bad${i}@adapter.example` : `c${i}@adapter.example`,
      firstName: 'C',
      lastName: String(i),
      title: null,
      fields: { quarry_subject: `Subject ${i}` },
    }));
    const from = fake.requests.length;
    const results = await adapter.upsertContacts(TOKEN, contacts);
    expect(results).toHaveLength(150);
    expect(results.filter((r) => !r.ok).map((r) => r.email)).toEqual(['bad7@adapter.example']);
    const calls = fake.requests.slice(from);
    expect(calls.every((r) => r.violation === null)).toBe(true);
    expect(Math.max(...calls.map((r) => ((r.body as { inputs?: unknown[] }).inputs ?? []).length))).toBeLessThanOrEqual(
      100,
    );
    // Again: the same contacts are updated, none created twice.
    await adapter.upsertContacts(TOKEN, contacts.slice(0, 5));
    expect(new Set(fake.created).size).toBe(fake.created.length);
  });

  it('reads Retry-After in seconds and as an HTTP date', () => {
    const now = Date.parse('2026-11-26T05:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Thu, 26 Nov 2026 05:00:10 GMT', now)).toBe(10_000);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });

  it('gives a reason, after bounded retries, when HubSpot is down, answers HTML or does not answer in time', async () => {
    waits.length = 0;
    const down = adapterAt(`http://127.0.0.1:${await closedPort()}`);
    const [refused] = await down.upsertContacts(TOKEN, [
      { email: 'a@x.example', firstName: 'A', lastName: 'B', title: null, fields: {} },
    ]);
    expect(refused).toMatchObject({ ok: false, reason: 'the service could not be reached' });
    expect(waits).toEqual([500, 1000, 2000]);

    const html = await oddServer((res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    });
    const check = await adapterAt(html.url).check(TOKEN);
    expect(check.status).toBe('UNREACHABLE');
    expect(check.status === 'UNREACHABLE' && check.message).toContain('not JSON');
    await html.close();

    const slow = await oddServer(() => undefined);
    const timedOut = await adapterAt(slow.url, { timeoutMs: 100 }).check(TOKEN);
    expect(timedOut).toEqual({ status: 'UNREACHABLE', message: 'no answer within 100 ms' });
    await slow.close();
  });
});

describe('HubSpot sequence enrolment (Automation v4) against the fake', () => {
  it('lists users and their sequences, enrols each contact for the chosen sender with their email, once', async () => {
    const adapter = adapterAt(fake.baseUrl);
    expect(await adapter.mailboxes?.(TOKEN)).toEqual([
      { id: '2001', email: 'hana@portal.example' },
      { id: '2002', email: 'ivo@portal.example' },
    ]);
    expect(await adapter.sequences?.(TOKEN)).toEqual([
      { id: '7001', name: 'Quarry outbound' },
      { id: '7002', name: 'Renewal nurture' },
    ]);
    const upserted = await adapter.upsertContacts(TOKEN, [
      { email: 'seq-a@acme.example', firstName: 'Seq', lastName: 'A', title: null, fields: {} },
      { email: 'seq-b@acme.example', firstName: 'Seq', lastName: 'B', title: null, fields: {} },
    ]);
    const ids = upserted.map((r) => (r.ok ? r.vendorId : ''));
    const before = fake.requests.length;
    expect(await adapter.enroll?.(TOKEN, '7002', ids, '2002')).toEqual(new Map(ids.map((id) => [id, null])));
    // Enrolled already (a retry after a crash): counted as enrolled, not as a failure, and not twice.
    expect(await adapter.enroll?.(TOKEN, '7002', ids, '2002')).toEqual(new Map(ids.map((id) => [id, null])));
    // Without a choice the portal's first user sends.
    expect(await adapter.enroll?.(TOKEN, '7001', ids.slice(0, 1))).toEqual(new Map([[ids[0], null]]));
    expect(fake.enrollments).toEqual([
      { contactId: ids[0], sequenceId: '7002', userId: '2002', senderEmail: 'ivo@portal.example' },
      { contactId: ids[1], sequenceId: '7002', userId: '2002', senderEmail: 'ivo@portal.example' },
      { contactId: ids[0], sequenceId: '7001', userId: '2001', senderEmail: 'hana@portal.example' },
    ]);
    expect(fake.requests.slice(before).filter((r) => r.violation)).toEqual([]);
    // A sequence HubSpot does not have fails the contact with HubSpot's reason.
    expect(await adapter.enroll?.(TOKEN, '9999', ids.slice(0, 1), '2001')).toEqual(
      new Map([[ids[0], 'Sequence: Sequence 9999 not found']]),
    );
  });

  it('pages through the portal’s users and each user’s sequences (after / paging.next.after), up to its bound', async () => {
    // 25 users, 10 a page; the 23rd user has 12 sequences (two pages of them), the 2nd one.
    const users = Array.from({ length: 25 }, (_, i) => ({ id: String(3000 + i), email: `u${i}@paged.example` }));
    const sequences = [
      { id: '8100', name: 'Second user’s sequence', userId: '3001' },
      ...Array.from({ length: 12 }, (_, i) => ({ id: String(8200 + i), name: `Late ${i}`, userId: '3022' })),
    ];
    const paged = await startFakeHubspot({ tokens: [TOKEN], users, sequences, pageSize: 10 });
    try {
      const adapter = adapterAt(paged.baseUrl);
      expect(await adapter.mailboxes?.(TOKEN)).toEqual(users);
      const listed = await adapter.sequences?.(TOKEN);
      expect(listed?.map((q) => q.id).sort()).toEqual(sequences.map((q) => q.id).sort());
      // HubSpot's cursor was followed: users asked for three times, the 23rd user's sequences twice.
      const paths = paged.requests.map((r) => `${r.path}${r.search}`);
      expect(paths.filter((p) => p.startsWith('/settings/v3/users')).length).toBe(6);
      expect(paths.filter((p) => p.startsWith('/settings/v3/users') && p.includes('after=20')).length).toBe(2);
      expect(paths.filter((p) => p.includes('userId=3022')).length).toBe(2);
      expect(paged.requests.filter((r) => r.violation)).toEqual([]);
      // The sender chosen for a send can be on the last page of users.
      const [contact] = await adapter.upsertContacts(TOKEN, [
        { email: 'paged@acme.example', firstName: 'P', lastName: 'Aged', title: null, fields: {} },
      ]);
      const id = contact?.ok ? contact.vendorId : '';
      expect(await adapter.enroll?.(TOKEN, '8205', [id], '3022')).toEqual(new Map([[id, null]]));
      expect(paged.enrollments.at(-1)).toMatchObject({ userId: '3022', senderEmail: 'u22@paged.example' });
    } finally {
      await paged.close();
    }
  });

  it('reads sequences for at most its bound of users, however many the portal has', async () => {
    const users = Array.from({ length: SEQUENCE_USERS_MAX + 5 }, (_, i) => ({
      id: String(4000 + i),
      email: `v${i}@many.example`,
    }));
    const last = users.at(-1)?.id ?? '';
    const big = await startFakeHubspot({
      tokens: [TOKEN],
      users,
      sequences: [{ id: '9100', name: 'Beyond the bound', userId: last }],
    });
    try {
      expect(await adapterAt(big.baseUrl).sequences?.(TOKEN)).toEqual([]);
      const asked = big.requests.filter((r) => r.path.startsWith('/automation/v4/sequences'));
      expect(asked).toHaveLength(SEQUENCE_USERS_MAX);
    } finally {
      await big.close();
    }
  });
});
