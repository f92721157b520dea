// npm run test:flow-crash: a flow survives its server being killed while it is written (#15). For
// SQLite, and PostgreSQL when TEST_DATABASE_URL is set, starts the real server with a local
// OpenAI-compatible provider that answers slowly, starts a Value Match campaign, kills the server
// with SIGKILL once some of its messages are written and the rest are not, restarts it on the same
// database and checks that the flow then finishes on its own: every message written exactly once
// (version 1: a message is only ever written from pending), the flow's counts equal its messages,
// and "Value Message Generated" recorded once. Traffic goes to 127.0.0.1 only.
import { performance } from 'node:perf_hooks';
import type { FlowDetail, FlowSummary, ValueMatchFeed } from '@quarry/shared';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { chatCompletion, startFakeChatCompletions } from '../apps/server/src/testing/fake-chat-completions.ts';
import { createTestDatabase, type TestDatabase, type TestEngine } from '../apps/server/src/testing/test-database.ts';
import {
  exited,
  REQUEST_TIMEOUT_MS,
  runOnEngines,
  type Server,
  type Session,
  seconds,
  signIn,
  sleep,
  sqliteFile,
  startServer as startServerProcess,
  stopServer,
  superviseChildren,
} from './server-process.ts';

const USER = 'rita@acme.test';
/** How long the provider takes per message: long enough for the kill to land mid-flow. */
const PROVIDER_DELAY_MS = 300;
/** Home's first Value Matches; a campaign writes to those of their contacts holding a target title. */
const ACCOUNTS = 20;
const CONTACTS_PER_ACCOUNT = 3;
/** The kill comes once this many messages are written... */
const KILL_AFTER_WRITTEN = 3;
/** ...and the restarted server reclaims the dead one's job after its lease (JOB_LEASE_SECONDS). */
const LEASE_SECONDS = 5;
const API_KEY = 'sk-flow-crash-test';
const WATCHDOG_MS = 300_000;
const REVIEW_STATUSES = ['flow_ready_for_review', 'flow_needs_review'];

const { children, cleanups, killAll: killAllChildren } = superviseChildren('flow-crash', WATCHDOG_MS);

/**
 * A chat-completions endpoint that answers after PROVIDER_DELAY_MS with as many short steps as the
 * request's JSON schema asks for.
 */
const provider = await startFakeChatCompletions(API_KEY, async (request) => {
  const schema = request.response_format?.json_schema?.schema as
    | { properties?: { steps?: { minItems?: number } } }
    | undefined;
  const steps = Array.from({ length: schema?.properties?.steps?.minItems ?? 1 }, (_, i) => ({
    subject: `Following up, note ${i + 1}`,
    body: 'Hello, your recent news caught my eye. Would a short call next week help? Best regards',
  }));
  await sleep(PROVIDER_DELAY_MS);
  return { json: chatCompletion(JSON.stringify({ steps }), 'flow-crash-model') };
});

const startServer = (database: TestDatabase) =>
  startServerProcess(database, {
    children,
    env: {
      AI_BASE_URL: provider.baseUrl,
      AI_API_KEY: API_KEY,
      AI_MODEL: 'flow-crash-model',
      // The provider writes messages only: the test counts its requests per message written.
      AI_MATCH_READER_ENABLED: 'false',
      JOB_LEASE_SECONDS: String(LEASE_SECONDS),
    },
  });

async function call<T>(server: Server, session: Session, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.base}${url}`, {
    method,
    headers: {
      cookie: session.cookie,
      origin: server.origin,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${method} ${url}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Polls `read` until `done` holds for its answer or `timeoutMs` passes; answers the last reading. */
async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(100);
  }
}

/** The "Value Message Generated" events the database holds for a flow, read beside the server. */
async function generatedEvents(database: TestDatabase, flowId: string): Promise<unknown[]> {
  const query = "SELECT properties FROM analytics_events WHERE event = 'Value Message Generated'";
  let rows: { properties: string }[];
  if (database.database.kind === 'postgres') {
    const client = new pg.Client({ connectionString: database.database.url });
    await client.connect();
    try {
      rows = (await client.query<{ properties: string }>(query)).rows;
    } finally {
      await client.end();
    }
  } else {
    const db = new SQLite(sqliteFile(database), { readonly: true });
    try {
      rows = db.prepare(query).all() as { properties: string }[];
    } finally {
      db.close();
    }
  }
  return rows
    .map((r) => (typeof r.properties === 'string' ? JSON.parse(r.properties) : r.properties))
    .filter((p: { flow_id?: string }) => p.flow_id === flowId);
}

/** Messages no longer waiting for the writer (generated_count counts those needing review too). */
const written = (flow: FlowSummary) => flow.generated_count;

async function runEngine(engine: TestEngine): Promise<boolean> {
  const started = performance.now();
  console.log(`\n━━ ${engine}`);
  const database = await createTestDatabase(engine);
  const drop = () => database.drop();
  cleanups.add(drop);
  const failures: string[] = [];
  let server: Server | undefined;
  try {
    server = await startServer(database);
    let session = await signIn(server, USER);
    const up = server;
    const feed = await waitFor(
      () => call<ValueMatchFeed>(up, session, 'GET', `/api/value-matches?limit=${ACCOUNTS}`),
      (f) => f.items.length >= ACCOUNTS,
      60_000,
    );
    if (feed.items.length === 0) throw new Error('no Value Match to start a campaign from');
    const created = await call<FlowSummary>(server, session, 'POST', '/api/flows', {
      type: 'syft_value_match_campaign',
      initiated_from: '/',
      accounts: feed.items.map((item) => ({ master_account_id: item.master_account_id })),
      contacts_per_account: CONTACTS_PER_ACCOUNT,
    });
    const total = created.message_count;
    const requestsBefore = provider.received.length;
    console.log(
      `  campaign of ${created.account_count} accounts, ${total} messages; provider ${PROVIDER_DELAY_MS} ms each`,
    );
    if (total <= KILL_AFTER_WRITTEN + 1) failures.push(`only ${total} messages: too few to kill the server mid-flow`);

    const read = (s: Server, at: Session) => () => call<FlowDetail>(s, at, 'GET', `/api/flows/${created.id}`);
    const before = await waitFor(read(server, session), (d) => written(d.flow) >= KILL_AFTER_WRITTEN, 60_000);
    server.child.kill('SIGKILL');
    await exited(server.child);
    const atKill = written(before.flow);
    console.log(`  SIGKILL with ${atKill} of ${total} messages written (${before.flow.status})`);
    if (before.flow.status !== 'flow_in_progress' || atKill >= total)
      failures.push(`the kill did not land mid-flow: ${atKill} of ${total} written, ${before.flow.status}`);

    const t = performance.now();
    server = await startServer(database);
    session = await signIn(server, USER);
    const after = await waitFor(
      read(server, session),
      (d) => REVIEW_STATUSES.includes(d.flow.status),
      LEASE_SECONDS * 1000 + total * PROVIDER_DELAY_MS * 4 + 60_000,
    );
    console.log(
      `  restarted: the flow is ${after.flow.status} ${seconds(performance.now() - t)} later (lease ${LEASE_SECONDS} s)`,
    );
    if (!REVIEW_STATUSES.includes(after.flow.status))
      failures.push(`the flow did not finish after the restart: ${after.flow.status}`);
    const messages = after.messages;
    const twice = messages.filter((m) => m.version !== 1);
    const pending = messages.filter((m) => m.status === 'pending');
    if (messages.length !== total) failures.push(`${messages.length} messages after the restart, ${total} before`);
    if (pending.length) failures.push(`${pending.length} messages still pending`);
    if (twice.length)
      failures.push(`${twice.length} messages written more than once (versions ${twice.map((m) => m.version)})`);
    if (written(after.flow) !== total)
      failures.push(`the flow counts ${written(after.flow)} written messages, it has ${total}`);
    const requests = provider.received.length - requestsBefore;
    console.log(
      `  ${messages.length} messages, each written once; the provider was asked ${requests} times for ${total} messages`,
    );
    await stopServer(server);
    const events = await generatedEvents(database, created.id);
    console.log(`  "Value Message Generated" recorded ${events.length} time(s): ${JSON.stringify(events)}`);
    if (events.length !== 1) failures.push(`"Value Message Generated" recorded ${events.length} times, not once`);
  } catch (error) {
    failures.push(`run failed: ${(error as Error).stack ?? error}`);
    if (server) console.error(`  server output (tail):\n${server.log().slice(-3_000)}`);
  } finally {
    killAllChildren();
    if (server) await exited(server.child);
    await drop().catch((error) => failures.push(`could not drop the test database: ${error}`));
    cleanups.delete(drop);
  }
  for (const f of failures) console.log(`  FAIL ${f}`);
  console.log(`  ${engine}: ${failures.length ? 'FAILED' : 'passed'} in ${seconds(performance.now() - started)}`);
  return failures.length === 0;
}

cleanups.add(() => provider.close());
await runOnEngines('flow-crash', runEngine);
