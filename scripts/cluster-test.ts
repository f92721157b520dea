// npx tsx scripts/cluster-test.ts (a step of npm test when TEST_DATABASE_URL is set)
// Three server processes on one PostgreSQL behind one port (scripts/start-cluster.ts), checked as
// a load balancer's clients would see them. Every request opens its own connection, so the cluster
// hands them to the processes in turn; each answer names its process (X-Quarry-Process).
// - A session made on one process is valid on all three, and signed out on one, on none.
// - A caller's request budget counts across the processes: the read preset's limit of requests,
//   wherever they land, and the next one is refused with 429.
// - Jobs queued through every process (uploads and AI-written outreach flows through the API;
//   value-match recomputes, signal sweeps and integration re-checks through the jobs repository)
//   each run exactly once: done, one attempt, an upload's accounts added once, and a flow's
//   messages each written once (offline writer: no AI_BASE_URL), its counts equal to its messages
//   and "Value Message Generated" recorded once.
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/connection.ts';
import { createJobsRepository } from '../apps/server/src/jobs/jobs.repository.ts';
import { GENERATE_FLOW } from '../apps/server/src/modules/flows/flows.service.ts';
import { RECHECK_INTEGRATIONS } from '../apps/server/src/modules/integrations/integrations.service.ts';
import { SWEEP_SIGNAL_SOURCES } from '../apps/server/src/modules/signals/signal-sweep.ts';
import { RECOMPUTE_VALUE_MATCHES } from '../apps/server/src/modules/value-match/recompute-value-matches.ts';
import { createTestDatabase } from '../apps/server/src/testing/test-database.ts';
import { exited, freePort, PASSWORD, seconds, sleep, superviseChildren } from './server-process.ts';

const PROCESSES = 3;
const READ_LIMIT = 24;
const UPLOADS = 6;
const QUEUED_PER_TYPE = 6;
/** Outreach flows started through the API, one per process; each writes a few messages. */
const FLOWS = 3;
const FLOW_ACCOUNTS = 2;
const FLOW_CONTACTS_PER_ACCOUNT = 2;
const REVIEW_STATUSES = ['flow_ready_for_review', 'flow_needs_review'];
const START_TIMEOUT_MS = 120_000;
const JOBS_TIMEOUT_MS = 60_000;
const root = path.resolve(import.meta.dirname, '..');

if (!process.env.TEST_DATABASE_URL) {
  console.log('cluster-test: skipped (TEST_DATABASE_URL is not set): several processes need PostgreSQL');
  process.exit(0);
}

const { children, cleanups } = superviseChildren('cluster', 240_000);

type Answer = { status: number; process: string; body: string; cookies: string[] };

/** One request on a connection of its own (no keep-alive), so the cluster picks the next process. */
function request(
  port: number,
  method: string,
  url: string,
  { cookie, body }: { cookie?: string; body?: unknown } = {},
): Promise<Answer> {
  const origin = `http://127.0.0.1:${port}`;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: false,
        timeout: 30_000,
        headers: {
          origin,
          ...(cookie ? { cookie } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          text += d;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            process: String(res.headers['x-quarry-process'] ?? ''),
            body: text,
            cookies: res.headers['set-cookie'] ?? [],
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url}: timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

async function signIn(port: number, email: string): Promise<{ cookie: string; process: string }> {
  const answer = await request(port, 'POST', '/api/session/login', { body: { email, password: PASSWORD } });
  if (answer.status !== 200) throw new Error(`sign-in as ${email}: HTTP ${answer.status} ${answer.body}`);
  return { cookie: answer.cookies.map((c) => c.split(';')[0]).join('; '), process: answer.process };
}

const started = performance.now();
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

const database = await createTestDatabase('postgres');
cleanups.add(() => database.drop());
if (database.database.kind !== 'postgres') throw new Error('cluster-test needs PostgreSQL');
const port = await freePort();
let log = '';
const cluster: ChildProcess = spawn(
  process.execPath,
  ['--import', 'tsx', 'scripts/start-cluster.ts', '--processes', String(PROCESSES)],
  {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: database.database.url,
      QUARRY_ENV: 'test',
      DATA_DIR: database.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      LOGIN_IP_LIMIT_PER_MINUTE: '10000',
      RATE_LIMIT_READ_PER_MINUTE: String(READ_LIMIT),
      RATE_LIMIT_WRITE_PER_MINUTE: '10000',
      DEMO_PASSWORD: PASSWORD,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
children.add(cluster);
const keep = (d: Buffer) => {
  log = (log + d.toString()).slice(-20_000);
};
cluster.stdout?.on('data', keep);
cluster.stderr?.on('data', keep);

const db = openDatabase(database.database, { guardTenants: false });
try {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!log.includes(`${PROCESSES} server processes listening`)) {
    if (cluster.exitCode !== null) throw new Error(`the cluster exited early:\n${log}`);
    if (Date.now() > deadline)
      throw new Error(`the cluster did not start within ${seconds(START_TIMEOUT_MS)}:\n${log}`);
    await sleep(200);
  }
  console.log(`  ${PROCESSES} processes up on port ${port} in ${seconds(performance.now() - started)}`);

  // Sessions: made on one process, valid on every one; signed out on one, refused by every one.
  const ada = await signIn(port, 'ada@acme.test');
  const valid = new Set<string>();
  for (let i = 0; i < PROCESSES * 4 && valid.size < PROCESSES; i++) {
    const me = await request(port, 'GET', '/api/me', { cookie: ada.cookie });
    if (me.status === 200 && me.body.includes('ada@acme.test')) valid.add(me.process);
  }
  check(
    valid.size === PROCESSES,
    `a session made on process ${ada.process} is valid on processes ${[...valid].sort().join(', ')} (of ${PROCESSES})`,
  );
  const out = await request(port, 'POST', '/api/session/logout', { cookie: ada.cookie });
  const refused = new Set<string>();
  for (let i = 0; i < PROCESSES * 4 && refused.size < PROCESSES; i++) {
    const me = await request(port, 'GET', '/api/me', { cookie: ada.cookie });
    if (me.status === 401) refused.add(me.process);
    else break;
  }
  check(
    refused.size === PROCESSES,
    `signed out on process ${out.process}, the session is refused by processes ${[...refused].sort().join(', ')}`,
  );

  // Rate limits: one budget across the processes.
  const rita = await signIn(port, 'rita@acme.test');
  const answers = [];
  for (let i = 0; i < READ_LIMIT; i++) answers.push(await request(port, 'GET', '/api/me', { cookie: rita.cookie }));
  const servedBy = new Set(answers.map((a) => a.process));
  const over = await request(port, 'GET', '/api/me', { cookie: rita.cookie });
  check(
    answers.every((a) => a.status === 200) && servedBy.size === PROCESSES && over.status === 429,
    `${READ_LIMIT} reads (the limit) answered 200 by processes ${[...servedBy].sort().join(', ')}; the next one ${over.status} from process ${over.process} (429 expected)`,
  );

  // Jobs queued through every process, each run once.
  const mike = await signIn(port, 'mike@acme.test');
  const uploads: { id: string; process: string }[] = [];
  for (let i = 0; i < UPLOADS; i++) {
    const created = await request(port, 'POST', '/api/uploads', {
      cookie: mike.cookie,
      body: {
        type: 'DOMAIN',
        format: 'lines',
        input: ['ford.com', 'walmart.com', `cluster-${i}-${Date.now()}.example`].join('\n'),
        destination: { type: 'territory' },
      },
    });
    if (created.status !== 201 && created.status !== 200)
      throw new Error(`upload: HTTP ${created.status} ${created.body}`);
    uploads.push({ id: (JSON.parse(created.body) as { id: string }).id, process: created.process });
  }
  check(
    new Set(uploads.map((u) => u.process)).size === PROCESSES,
    `${UPLOADS} uploads queued through processes ${[...new Set(uploads.map((u) => u.process))].sort().join(', ')}`,
  );
  // Flows written by the AI writer's job, started through every process (Acme's first Value
  // Matches, read beside the cluster so the user's read budget is not spent on them).
  const matches = await db.db
    .selectFrom('value_matches')
    .select('master_account_id')
    .where('tenant_id', '=', 'tnt_acme')
    .orderBy('tier_rank', 'desc')
    .orderBy('score', 'desc')
    .orderBy('master_account_id')
    .limit(FLOWS * FLOW_ACCOUNTS)
    .execute();
  if (matches.length < FLOWS * FLOW_ACCOUNTS)
    throw new Error(`only ${matches.length} Value Matches to start flows from`);
  // Each account's first contacts, named: a campaign left to pick writes only to target titles,
  // which not every account's contacts hold; what is measured here is the flows, not the pick.
  const contacts = await db.db
    .selectFrom('master_contacts')
    .select(['id', 'master_account_id'])
    .where(
      'master_account_id',
      'in',
      matches.map((m) => m.master_account_id),
    )
    .orderBy('id')
    .execute();
  const contactsOf = (accountId: string) =>
    contacts
      .filter((c) => c.master_account_id === accountId)
      .slice(0, FLOW_CONTACTS_PER_ACCOUNT)
      .map((c) => c.id);
  const flows: { id: string; messages: number; process: string }[] = [];
  for (let i = 0; i < FLOWS; i++) {
    const created = await request(port, 'POST', '/api/flows', {
      cookie: mike.cookie,
      body: {
        type: 'syft_value_match_campaign',
        initiated_from: '/',
        accounts: matches
          .slice(i * FLOW_ACCOUNTS, (i + 1) * FLOW_ACCOUNTS)
          .map((m) => ({ master_account_id: m.master_account_id, contact_ids: contactsOf(m.master_account_id) })),
      },
    });
    if (created.status !== 201) throw new Error(`flow: HTTP ${created.status} ${created.body}`);
    const flow = JSON.parse(created.body) as { id: string; message_count: number };
    flows.push({ id: flow.id, messages: flow.message_count, process: created.process });
  }
  check(
    new Set(flows.map((f) => f.process)).size === PROCESSES && flows.every((f) => f.messages > 0),
    `${FLOWS} flows (${flows.map((f) => f.messages).join(', ')} messages) started through processes ${[...new Set(flows.map((f) => f.process))].sort().join(', ')}`,
  );

  const jobs = createJobsRepository(db.db);
  for (const tenant of ['tnt_acme', 'tnt_globex'])
    for (const type of [RECOMPUTE_VALUE_MATCHES, SWEEP_SIGNAL_SOURCES, RECHECK_INTEGRATIONS])
      for (let i = 0; i < QUEUED_PER_TYPE / 2; i++)
        await jobs.enqueueFor(tenant, type, { n: String(i) }, { now: new Date() });

  const jobsDeadline = Date.now() + JOBS_TIMEOUT_MS;
  for (;;) {
    const waiting = await db.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow();
    if (Number(waiting.n) === 0) break;
    if (Date.now() > jobsDeadline) throw new Error(`${waiting.n} jobs still waiting after ${seconds(JOBS_TIMEOUT_MS)}`);
    await sleep(250);
  }
  const all = await db.db.selectFrom('jobs').select(['type', 'status', 'attempts', 'locked_by']).execute();
  const byType = new Map<string, number>();
  for (const job of all) byType.set(job.type, (byType.get(job.type) ?? 0) + 1);
  const notOnce = all.filter((job) => job.status !== 'done' || job.attempts !== 1);
  const workers = new Set(all.map((job) => job.locked_by));
  check(
    notOnce.length === 0,
    `${all.length} jobs (${[...byType].map(([type, n]) => `${n} ${type}`).join(', ')}) each done after exactly one attempt, run by ${workers.size} of the ${PROCESSES} processes' workers${notOnce.length ? `; not so: ${JSON.stringify(notOnce.slice(0, 5))}` : ''}`,
  );
  const done = await db.db
    .selectFrom('uploads')
    .select([
      'id',
      'status',
      'line_count',
      'processed_count',
      'added_count',
      'already_present_count',
      'created_count',
      'failed_count',
      'not_fitted_count',
    ])
    .where(
      'id',
      'in',
      uploads.map((u) => u.id),
    )
    .execute();
  const counted = done.filter(
    (u) =>
      u.status === 'COMPLETED' &&
      u.processed_count === u.line_count &&
      u.added_count + u.already_present_count + u.created_count + u.failed_count + u.not_fitted_count === u.line_count,
  );
  check(
    done.length === UPLOADS && counted.length === UPLOADS,
    `every upload COMPLETED with each of its lines counted once (${counted.length} of ${UPLOADS})${
      counted.length < done.length ? `; not so: ${JSON.stringify(done.filter((u) => !counted.includes(u)))}` : ''
    }`,
  );

  const flowIds = flows.map((f) => f.id);
  const flowRows = await db.db
    .selectFrom('flows')
    .select(['id', 'status', 'message_count', 'generated_count'])
    .where('id', 'in', flowIds)
    .execute();
  const messages = await db.db
    .selectFrom('flow_messages')
    .select(['flow_id', 'status', 'version'])
    .where('flow_id', 'in', flowIds)
    .execute();
  const generated = await db.db
    .selectFrom('analytics_events')
    .select('properties')
    .where('event', '=', 'Value Message Generated')
    .execute();
  const flowJobs = all.filter((job) => job.type === GENERATE_FLOW);
  const written = flows.filter((flow) => {
    const row = flowRows.find((r) => r.id === flow.id);
    const own = messages.filter((m) => m.flow_id === flow.id);
    const recorded = generated.filter(
      (e) => (JSON.parse(e.properties) as { flow_id?: string }).flow_id === flow.id,
    ).length;
    return (
      row !== undefined &&
      REVIEW_STATUSES.includes(row.status) &&
      own.length === flow.messages &&
      row.message_count === flow.messages &&
      row.generated_count === flow.messages &&
      own.every((m) => m.status !== 'pending' && m.version === 1) &&
      recorded === 1
    );
  });
  check(
    flowJobs.length === FLOWS && written.length === FLOWS,
    `every flow written by one ${GENERATE_FLOW} job (${flowJobs.length} of ${FLOWS}): each message written once (version 1, none pending), the flow's counts equal its messages, "Value Message Generated" recorded once (${written.length} of ${FLOWS})`,
  );
} catch (error) {
  failures.push(String(error));
  console.error(error);
} finally {
  await db.close();
  cluster.kill('SIGTERM');
  await Promise.race([exited(cluster), sleep(30_000)]);
  if (cluster.exitCode === null) cluster.kill('SIGKILL');
  await database.drop();
  cleanups.clear();
}
console.log(
  `\ncluster: ${failures.length ? 0 : 1} passed, ${failures.length ? 1 : 0} failed (${seconds(performance.now() - started)})`,
);
if (failures.length) console.log(log.slice(-4000));
process.exit(failures.length ? 1 : 0);
