// npm run test:drain: graceful shutdown (G8). For SQLite, and PostgreSQL when TEST_DATABASE_URL is
// set, starts the real server on a fresh database, signs in and keeps CONCURRENCY requests in
// flight over keep-alive connections (account queries and searches, new workspaces, and a
// manager's target-title changes, which queue recompute jobs), then sends SIGTERM while they are
// in flight and checks that:
// - every request in flight at the signal is answered, 2xx or 503 shutting_down, never cut off;
// - requests sent after it get 503 shutting_down (JSON, Retry-After) or, once the listener is
//   gone, a refused connection; no other 5xx, before or after;
// - the process exits 0 within its shutdown budget;
// - no job is left 'running' in the jobs table: the one in hand was finished or handed back.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import pg from 'pg';
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
  startServer,
  superviseChildren,
} from './server-process.ts';

const READERS = ['rita@acme.test', 'raj@acme.test'];
/** A manager: may change the target titles, and each change queues a recompute job. */
const EDITOR = 'mike@acme.test';
/** Requests in flight at once, each worker on its own keep-alive connection. */
const CONCURRENCY = 64;
/** Load before the signal... */
const WARM_UP_MS = 1_500;
/**
 * ...which then waits for at least this many requests in flight and a recompute job running, but
 * no longer than SIGNAL_AT_LATEST_MS for the job (and fails if too few requests are in flight).
 */
const MIN_IN_FLIGHT = 20;
const SIGNAL_AT_LATEST_MS = 15_000;
/** The server's SHUTDOWN_TIMEOUT_MS: past it the server exits 1 with work unfinished. */
const SHUTDOWN_TIMEOUT_MS = 10_000;
/** The whole run, both engines. */
const WATCHDOG_MS = 120_000;
const SEARCH_WORDS = ['energy', 'bank', 'health', 'motor', 'oil', 'insurance', 'retail', 'tech'];

const { children, cleanups, killAll } = superviseChildren('drain', WATCHDOG_MS);

type Sent = {
  route: string;
  /** performance.now() when the whole request had been handed to the socket. */
  flushedAt?: number;
  answeredAt?: number;
  status?: number;
  /** The `error.code` of a JSON error body. */
  code?: string;
  retryAfter?: string;
  /** Why no whole answer came: 'refused' (nothing listening), or what went wrong. */
  failure?: string;
};

/** One request over `agent`, listed in `into` as it goes; resolves (never rejects) with what came of it. */
function send(
  into: Sent[],
  server: Server,
  agent: http.Agent,
  session: Session,
  method: string,
  path: string,
  body?: unknown,
): Promise<Sent> {
  const sent: Sent = { route: `${method} ${path.split('?')[0]}` };
  into.push(sent);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const fail = (error: NodeJS.ErrnoException) => {
      if (sent.answeredAt !== undefined || sent.failure !== undefined) return;
      if (error.code === 'ECONNREFUSED') sent.failure = 'refused';
      else if (sent.status !== undefined) sent.failure = `answer cut off after its status line (${error.message})`;
      else
        sent.failure = `no answer: ${error.code ?? error.message}${request.reusedSocket ? ' on a reused connection' : ''}`;
      resolve(sent);
    };
    const request = http.request({
      host: '127.0.0.1',
      port: server.port,
      method,
      path,
      agent,
      headers: {
        cookie: session.cookie,
        origin: server.origin,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
    });
    request.on('finish', () => {
      sent.flushedAt = performance.now();
    });
    request.setTimeout(REQUEST_TIMEOUT_MS, () =>
      request.destroy(new Error(`no answer in ${seconds(REQUEST_TIMEOUT_MS)}`)),
    );
    request.on('error', fail);
    request.on('response', (response) => {
      sent.status = response.statusCode;
      const retryAfter = response.headers['retry-after'];
      if (retryAfter !== undefined) sent.retryAfter = retryAfter;
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('error', fail);
      response.on('end', () => {
        if (!response.complete) return fail(new Error('incomplete body'));
        sent.answeredAt = performance.now();
        if (String(response.headers['content-type']).startsWith('application/json') && (sent.status ?? 0) >= 400) {
          try {
            sent.code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
          } catch {
            // not JSON after all: no code, which the checks report
          }
        }
        resolve(sent);
      });
    });
    request.end(payload);
  });
}

const settled = (s: Sent) => s.answeredAt !== undefined || s.failure !== undefined;
const isOk = (s: Sent) => s.answeredAt !== undefined && s.status !== undefined && s.status >= 200 && s.status < 300;
/** The answer while the server drains: 503 in the API's shape, with Retry-After. */
const isShuttingDown = (s: Sent) =>
  s.answeredAt !== undefined && s.status === 503 && s.code === 'shutting_down' && s.retryAfter !== undefined;
const describeSent = (s: Sent) =>
  `${s.route}: ${s.failure ?? `HTTP ${s.status}${s.code ? ` ${s.code}` : ''}${s.status === 503 && !s.retryAfter ? ' without Retry-After' : ''}`}`;

type JobRow = { id: string; type: string; status: string; locked_by: string | null };

/** The jobs table, read beside the server (SQLite: read-only, which WAL allows while it writes). */
async function jobsIn(database: TestDatabase): Promise<JobRow[]> {
  const query = 'SELECT id, type, status, locked_by FROM jobs ORDER BY created_at';
  if (database.database.kind === 'sqlite') {
    const db = new SQLite(sqliteFile(database), { readonly: true, fileMustExist: true });
    try {
      return db.prepare(query).all() as JobRow[];
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: database.database.url });
  await client.connect();
  try {
    return (await client.query<JobRow>(query)).rows;
  } finally {
    await client.end();
  }
}

type Load = {
  requests: Sent[];
  /** Sent in full before SIGTERM and not yet answered. */
  inFlight: Set<Sent>;
  signalledAt: number;
  loadMs: number;
  exit: { code: number | null; signal: NodeJS.Signals | null; ms: number };
  runningAtSignal: JobRow[];
};

/**
 * CONCURRENCY workers send requests back to back; after WARM_UP_MS, SIGTERM as soon as at least
 * MIN_IN_FLIGHT are on the wire unanswered while a job runs. Each worker goes on until it is told
 * 503 shutting_down or its connection is refused, or the server has exited.
 */
async function driveLoadAndTerminate(server: Server, database: TestDatabase, sessions: Session[]): Promise<Load> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const requests: Sent[] = [];
  const [editor, ...readers] = sessions as [Session, ...Session[]];
  let issued = 0;
  let serverGone = false;
  const exitedAt = exited(server.child).then(() => {
    serverGone = true;
    return performance.now();
  });

  /** The n-th request: one worker keeps changing the target titles, so recompute jobs are queued all along. */
  const nth = (n: number, worker: number): [Session, string, string, unknown?] => {
    const reader = readers[n % readers.length] as Session;
    if (worker === 0) return [editor, 'PUT', '/api/target-titles', { titles: [`Head of Sales ${n}`, 'CFO'] }];
    if (n % 4 === 2) return [reader, 'GET', `/api/accounts/search?q=${SEARCH_WORDS[n % SEARCH_WORDS.length]}`];
    if (n % 4 === 3) return [reader, 'POST', '/api/workspaces', { name: `drain workspace ${n}` }];
    return [reader, 'POST', '/api/accounts/query', { page_size: 100 }];
  };

  async function worker(index: number): Promise<void> {
    while (!serverGone) {
      const [session, method, path, body] = nth(issued++, index);
      const sent = await send(requests, server, agent, session, method, path, body);
      // Told to go away (a client honouring Retry-After goes elsewhere), or nothing listens: done.
      if (sent.failure === 'refused' || isShuttingDown(sent)) return;
    }
  }

  const loadStartedAt = performance.now();
  const workers = Array.from({ length: CONCURRENCY }, (_, i) => worker(i));
  const onTheWire = () => requests.filter((s) => s.flushedAt !== undefined && !settled(s));
  await sleep(WARM_UP_MS);
  let runningAtSignal: JobRow[] = [];
  while (!serverGone && performance.now() - loadStartedAt < SIGNAL_AT_LATEST_MS) {
    if (onTheWire().length >= MIN_IN_FLIGHT) {
      runningAtSignal = (await jobsIn(database)).filter((j) => j.status === 'running');
      if (runningAtSignal.length > 0) break;
    }
    await sleep(5);
  }
  if (serverGone) {
    await Promise.all(workers);
    throw new Error(`the server exited by itself under the load, before SIGTERM:\n${server.log()}`);
  }
  const inFlight = new Set(onTheWire());
  const signalledAt = performance.now();
  server.child.kill('SIGTERM');
  const exitWait = await Promise.race([exitedAt, sleep(SHUTDOWN_TIMEOUT_MS + 5_000).then(() => null)]);
  if (exitWait === null) {
    server.child.kill('SIGKILL');
    await exited(server.child);
  }
  await Promise.all(workers);
  agent.destroy();
  return {
    requests,
    inFlight,
    signalledAt,
    loadMs: signalledAt - loadStartedAt,
    exit: {
      code: server.child.exitCode,
      signal: server.child.signalCode,
      ms: (exitWait ?? performance.now()) - signalledAt,
    },
    runningAtSignal,
  };
}

/** Counts by what came of each request, most frequent first: `130 × 503 shutting_down`. */
function tally(requests: Sent[]): string {
  const counts = new Map<string, number>();
  for (const s of requests) {
    const key =
      s.failure === 'refused' ? 'connection refused' : (s.failure ?? `${s.status}${s.code ? ` ${s.code}` : ''}`);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([key, n]) => `${n} × ${key}`)
    .join(', ');
}

async function runEngine(engine: TestEngine): Promise<boolean> {
  const started = performance.now();
  console.log(`\n━━ ${engine}`);
  const database = await createTestDatabase(engine);
  const drop = () => database.drop();
  cleanups.add(drop);
  const failures: string[] = [];
  let server: Server | undefined;
  try {
    const t = performance.now();
    server = await startServer(database, { children, env: { SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) } });
    const sessions = await Promise.all([EDITOR, ...READERS].map((email) => signIn(server as Server, email)));
    console.log(`  server up in ${seconds(performance.now() - t)}; signed in ${[EDITOR, ...READERS].join(', ')}`);

    const load = await driveLoadAndTerminate(server, database, sessions);
    const { requests, inFlight, signalledAt, exit } = load;
    const before = requests.filter((s) => !inFlight.has(s) && settled(s) && (s.answeredAt ?? Infinity) <= signalledAt);
    const after = requests.filter((s) => !inFlight.has(s) && !before.includes(s));
    const inFlightList = [...inFlight];
    const drained = inFlightList.filter(isOk);
    const refusedInFlight = inFlightList.filter(isShuttingDown);

    console.log(
      `  load: ${CONCURRENCY} connections for ${seconds(load.loadMs)}, ${before.filter(isOk).length} answered 2xx before SIGTERM`,
    );
    console.log(
      `  drain: ${inFlight.size} in flight at SIGTERM, ${drained.length} completed 2xx, ${refusedInFlight.length} refused 503; ` +
        `after SIGTERM ${tally(after)}; exit ${exit.signal ?? exit.code} in ${seconds(exit.ms)}`,
    );

    const unexpected = (label: string, list: Sent[]) => {
      for (const s of list.slice(0, 10)) failures.push(`${label}: ${describeSent(s)}`);
      if (list.length > 10) failures.push(`${label}: … and ${list.length - 10} more`);
    };
    unexpected(
      'answered before SIGTERM but not 2xx',
      before.filter((s) => !isOk(s)),
    );
    unexpected(
      'in flight at SIGTERM, not completed (2xx) nor refused in the API shape (503 shutting_down)',
      inFlightList.filter((s) => !isOk(s) && !isShuttingDown(s)),
    );
    // A request the server read before it saw the signal is served as usual.
    unexpected(
      'sent after SIGTERM, neither 503 shutting_down nor a refused connection',
      after.filter((s) => !isOk(s) && !isShuttingDown(s) && s.failure !== 'refused'),
    );
    if (inFlight.size < MIN_IN_FLIGHT) failures.push(`only ${inFlight.size} requests in flight at SIGTERM`);
    if (load.runningAtSignal.length === 0)
      failures.push(
        `no job was running at SIGTERM within ${seconds(SIGNAL_AT_LATEST_MS)}: the job path was not exercised`,
      );
    if (drained.length === 0) failures.push('no request in flight at SIGTERM completed: the drain was not exercised');
    if (exit.code !== 0) failures.push(`the server exited with ${exit.signal ?? exit.code}, not 0`);
    if (exit.ms > SHUTDOWN_TIMEOUT_MS) failures.push(`the server took ${seconds(exit.ms)} to exit`);

    const jobs = await jobsIn(database);
    const byId = new Map(jobs.map((j) => [j.id, j]));
    const fate = load.runningAtSignal.map((j) => {
      const now = byId.get(j.id);
      const outcome =
        now?.status === 'done'
          ? 'finished'
          : now?.status === 'queued' && now.locked_by === null
            ? 'handed back'
            : `left ${now?.status ?? 'missing'}`;
      return `${j.type} ${outcome}`;
    });
    const counts = new Map<string, number>();
    for (const j of jobs) counts.set(j.status, (counts.get(j.status) ?? 0) + 1);
    console.log(
      `  jobs: ${load.runningAtSignal.length} running at SIGTERM${fate.length ? ` (${fate.join(', ')})` : ''}; ` +
        `after the exit ${[...counts].map(([status, n]) => `${n} ${status}`).join(', ')}`,
    );
    for (const j of jobs.filter((j) => j.status === 'running'))
      failures.push(`job ${j.id} (${j.type}) left running by ${j.locked_by}: it waits out its lease`);
  } catch (error) {
    failures.push(`run failed: ${(error as Error).stack ?? error}`);
  } finally {
    if (failures.length && server) console.error(`  server output (tail):\n${server.log().slice(-3_000)}`);
    killAll();
    if (server) await exited(server.child);
    await drop().catch((error) => failures.push(`could not drop the test database: ${error}`));
    cleanups.delete(drop);
  }
  for (const f of failures) console.log(`  FAIL ${f}`);
  console.log(`  ${engine}: ${failures.length ? 'FAILED' : 'passed'} in ${seconds(performance.now() - started)}`);
  return failures.length === 0;
}

await runOnEngines('drain', runEngine);
