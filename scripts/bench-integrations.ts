/**
 * npm run bench:integrations — sending a flow to a sales-engagement tool (issue 21).
 *
 * A 500-contact flow, written and approved, is sent to a local fake HubSpot that answers every call
 * after BENCH_VENDOR_LATENCY_MS (default 50 ms), through the real HubSpot adapter (batch upsert by
 * email, at most 100 contacts a call, at least 125 ms between calls: HubSpot allows 100 to 190
 * calls per 10 s per app). Prints contacts per second, the number of calls and the peak rate the
 * fake saw (per second and per rolling 10 s), and the p50 and p95 of /api/health and of /api/flows
 * (a list page) before (idle) and while the send runs, to show the server stays responsive, with
 * the machine's load average before and after (figures from a loaded machine are not targets).
 *
 * The send takes about a second, so it is repeated BENCH_SEND_ROUNDS times (each a flow of its own,
 * idle probes before each) for enough samples while sending; the send figures are the first round's.
 *
 * Knobs: BENCH_CONTACTS (default 500), BENCH_VENDOR_LATENCY_MS (default 50), BENCH_SEND_ROUNDS (default 3).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { startFakeHubspot } from '../apps/server/src/adapters/engagement/fake-hubspot.ts';
import { createHubspotAdapter } from '../apps/server/src/adapters/engagement/hubspot.ts';
import { insertTestAccount } from '../apps/server/src/testing/test-account.ts';
import { createTestApp } from '../apps/server/src/testing/test-app.ts';

const CONTACTS = Math.max(1, Number(process.env.BENCH_CONTACTS ?? 500));
const LATENCY_MS = Math.max(0, Number(process.env.BENCH_VENDOR_LATENCY_MS ?? 50));
const ROUNDS = Math.max(1, Number(process.env.BENCH_SEND_ROUNDS ?? 3));
const TOKEN = 'pat-bench-0000-0000-0000-000000000000';
/** HubSpot's published limit for a private app: 100 calls per rolling 10 s (the lowest tier). */
const HUBSPOT_CALLS_PER_10S = 100;

/** The q-th quantile (nearest rank) of the samples, in ms. */
const quantile = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)] ?? 0;
};
const ms = (n: number) => `${n.toFixed(2)} ms`.padStart(10);
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

/** The most calls the fake saw within any `windowMs`. */
function peak(times: number[], windowMs: number): number {
  let best = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while ((times[end] ?? 0) - (times[start] ?? 0) >= windowMs) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

const fake = await startFakeHubspot({ tokens: [TOKEN], latencyMs: LATENCY_MS });
const t = await createTestApp({
  engagementAdapters: { hubspot: createHubspotAdapter({ baseUrl: fake.baseUrl }) },
});
try {
  const ada = await t.signIn('ada@acme.test');
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: ada }, ...(payload ? { payload } : {}) });
  await call('PUT', '/api/integrations/hubspot', { credential: TOKEN });
  await call('PUT', '/api/integrations/hubspot/field-mappings', {
    field_mappings: { value_message_subject: 'quarry_subject', value_message_body: 'quarry_body' },
  });

  // One contact per account, so the flow holds CONTACTS messages.
  const accounts: { master_account_id: string; contact_ids: string[] }[] = [];
  for (let i = 0; i < CONTACTS; i++) {
    const id = `acc_bench_int_${i}`;
    await insertTestAccount(t.handle.db, id, `Bench Integrations ${i}`);
    accounts.push({ master_account_id: id, contact_ids: [`ct_bench_int_${i}`] });
  }
  for (let i = 0; i < CONTACTS; i += 200) {
    await t.handle.db
      .insertInto('master_contacts')
      .values(
        accounts.slice(i, i + 200).map((a, j) => ({
          id: a.contact_ids[0] as string,
          external_contact_id: null,
          master_account_id: a.master_account_id,
          first_name: `Bench${i + j}`,
          last_name: 'Contact',
          title: 'VP Operations',
          seniority: null,
          department: null,
          email: `bench${i + j}@integrations.example`,
          email_status: 'verified',
          linkedin_url: null,
        })),
      )
      .execute();
  }
  // One written, approved flow per round.
  const flowIds: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const created = await call('POST', '/api/flows', {
      type: 'create_value_message',
      initiated_from: '/bench',
      accounts,
    });
    const id = (created.json() as { id: string }).id;
    await t.app.jobRunner.drain();
    await call('POST', `/api/flows/${id}/approve-all`);
    flowIds.push(id);
  }

  const probe = async (samples: { health: number[]; list: number[] }) => {
    let s = performance.now();
    await t.app.inject({ method: 'GET', url: '/api/health' });
    samples.health.push(performance.now() - s);
    s = performance.now();
    await call('GET', '/api/flows');
    samples.list.push(performance.now() - s);
  };
  const loadBefore = loadAverage();
  const idle = { health: [] as number[], list: [] as number[] };
  const busy = { health: [] as number[], list: [] as number[] };
  const before = fake.requests.length;
  const rounds: { seconds: number; delivered: number; status: string }[] = [];
  for (const flowId of flowIds) {
    for (let i = 0; i < 40; i++) await probe(idle);
    const sent = await call('POST', `/api/flows/${flowId}/send`, { destination: 'engagement', integration: 'hubspot' });
    if (sent.statusCode !== 200) throw new Error(`send answered ${sent.statusCode}: ${sent.body}`);
    const started = performance.now();
    let done = false;
    const job = t.app.jobRunner.drain().then(() => {
      done = true;
    });
    while (!done) await probe(busy);
    await job;
    const seconds = (performance.now() - started) / 1000;
    const detail = (await call('GET', `/api/flows/${flowId}`)).json() as {
      flow: { delivered_count: number; destination_status: string };
    };
    rounds.push({ seconds, delivered: detail.flow.delivered_count, status: detail.flow.destination_status });
  }
  const first = rounds[0] ?? { seconds: 0, delivered: 0, status: 'none' };
  const calls = fake.requests.slice(before).filter((r) => r.path === '/crm/v3/objects/contacts/batch/upsert');
  const times = calls.map((r) => r.at);
  const per10s = peak(times, 10_000);
  const violations = calls.filter((r) => r.violation).length;
  console.log(
    `send: ${first.delivered} of ${CONTACTS} contacts delivered (${first.status}) in ${first.seconds.toFixed(2)} s ` +
      `= ${(first.delivered / first.seconds).toFixed(0)} contacts/s, vendor latency ${LATENCY_MS} ms; ` +
      `${ROUNDS} rounds: ${rounds.map((r) => `${r.delivered} in ${r.seconds.toFixed(2)} s`).join(', ')}`,
  );
  console.log(
    `vendor: ${calls.length} upsert calls in ${ROUNDS} rounds, peak ${peak(times, 1000)} per second and ${per10s} per rolling 10 s ` +
      `(HubSpot allows ${HUBSPOT_CALLS_PER_10S}: ${per10s <= HUBSPOT_CALLS_PER_10S ? 'within' : 'EXCEEDED'}); contract violations: ${violations}`,
  );
  console.log(`responsiveness (${idle.list.length} samples idle, ${busy.list.length} while sending):`);
  console.log(
    `  ${'route'.padEnd(12)}${'idle p50'.padStart(10)}${'idle p95'.padStart(10)}${'send p50'.padStart(10)}${'send p95'.padStart(10)}`,
  );
  for (const [route, key] of [
    ['/api/health', 'health'],
    ['/api/flows', 'list'],
  ] as const) {
    console.log(
      `  ${route.padEnd(12)}${ms(quantile(idle[key], 0.5))}${ms(quantile(idle[key], 0.95))}` +
        `${ms(quantile(busy[key], 0.5))}${ms(quantile(busy[key], 0.95))}`,
    );
  }
  console.log(
    `load average (1 / 5 / 15 min): ${loadBefore} before, ${loadAverage()} after, on ${os.cpus().length} cores`,
  );
  const allDelivered = rounds.every((r) => r.delivered === CONTACTS);
  process.exitCode = allDelivered && per10s <= HUBSPOT_CALLS_PER_10S && !violations ? 0 : 1;
} finally {
  await t.close();
  await fake.close();
}
