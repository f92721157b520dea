import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../../testing/closed-port.ts';
import { type FakeHubspot, startFakeHubspot } from './fake-hubspot.ts';
import { createHubspotAdapter } from './hubspot.ts';
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
