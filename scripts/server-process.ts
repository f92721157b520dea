// The real server as a child process on a test database, for the scripts that stop it the hard way
// (crash-test.ts: SIGKILL) or the polite way (drain-test.ts: SIGTERM). Traffic goes to 127.0.0.1 only.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import type { TestDatabase, TestEngine } from '../apps/server/src/testing/test-database.ts';

export const PASSWORD = 'quarry-demo-2026';
const HEALTH_TIMEOUT_MS = 90_000;
export const REQUEST_TIMEOUT_MS = 30_000;

const root = path.resolve(import.meta.dirname, '..');

export type Server = { child: ChildProcess; port: number; base: string; origin: string; log: () => string };
export type Session = { email: string; cookie: string };

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves once `child` has exited (at once if it already has). */
export const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((r) => child.once('exit', () => r()));

/**
 * What a script that starts servers needs however it ends: the children it started killed, its
 * clean-ups (dropping test databases) run, and a watchdog that fails a hung run instead of
 * blocking CI. `name` heads the failure line (`crash: 0 passed, 1 failed`).
 */
export function superviseChildren(name: string, watchdogMs: number) {
  const children = new Set<ChildProcess>();
  const cleanups = new Set<() => Promise<void>>();
  const killAll = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  let exiting = false;
  const cleanUpAndExit = async (code: number, why: string) => {
    // Ctrl-C reaches tsx and this process both, and tsx relays it: one clean-up.
    if (exiting) return;
    exiting = true;
    console.error(`\n${name}-test: ${why}`);
    killAll();
    await Promise.race([Promise.allSettled([...cleanups].map((c) => c())), sleep(10_000)]);
    console.log(`${name}: 0 passed, 1 failed`);
    process.exit(code);
  };
  process.on('exit', killAll);
  process.on('SIGINT', () => void cleanUpAndExit(130, 'interrupted'));
  process.on('SIGTERM', () => void cleanUpAndExit(143, 'terminated'));
  setTimeout(() => void cleanUpAndExit(1, `took longer than ${seconds(watchdogMs)}: gave up`), watchdogMs).unref();
  return { children, cleanups, killAll };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts apps/server/src/main.ts on `database` and waits until /api/health answers. The child is
 * in `children` until it exits, so the caller can kill whatever is left on the way out; `env`
 * adds to or overrides the server's environment.
 */
export async function startServer(
  database: TestDatabase,
  { children, env = {} }: { children: Set<ChildProcess>; env?: Record<string, string> },
): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: database.database.kind === 'postgres' ? database.database.url : '',
      QUARRY_ENV: 'test',
      DATA_DIR: database.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      LOGIN_IP_LIMIT_PER_MINUTE: '10000',
      // The load is the point: no per-session request budget may refuse it.
      RATE_LIMIT_READ_PER_MINUTE: '1000000',
      RATE_LIMIT_WRITE_PER_MINUTE: '1000000',
      RATE_LIMIT_EXPENSIVE_PER_MINUTE: '1000000',
      DEMO_PASSWORD: PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const keep = (d: Buffer) => {
    log = (log + d.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const server: Server = { child, port, base, origin: base, log: () => log };
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return server;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer /api/health within ${seconds(HEALTH_TIMEOUT_MS)}:\n${log}`);
}

/** SIGTERM: the server finishes what is in flight and closes the database (SIGKILL after 30 s). */
export async function stopServer(server: Server): Promise<void> {
  server.child.kill('SIGTERM');
  const stopped = await Promise.race([exited(server.child).then(() => true), sleep(30_000).then(() => false)]);
  if (!stopped) {
    server.child.kill('SIGKILL');
    await exited(server.child);
  }
}

/** The SQLite file the server uses: DATABASE_URL unset and QUARRY_ENV=test, in DATA_DIR (config.ts). */
export function sqliteFile(database: TestDatabase): string {
  return path.join(database.dataDir, 'quarry-dev.db');
}

export async function signIn(server: Server, email: string): Promise<Session> {
  const response = await fetch(`${server.base}/api/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.origin },
    body: JSON.stringify({ email, password: PASSWORD }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`sign-in as ${email}: HTTP ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error(`sign-in as ${email}: no session cookie`);
  return { email, cookie };
}

/**
 * Runs a check on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set, prints
 * `<name>: n passed, m failed` and exits with the result.
 */
export async function runOnEngines(name: string, runEngine: (engine: TestEngine) => Promise<boolean>): Promise<never> {
  const engines: TestEngine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  if (!process.env.TEST_DATABASE_URL) console.log(`${name}-test: PostgreSQL skipped (TEST_DATABASE_URL is not set)`);
  let passed = 0;
  for (const engine of engines) if (await runEngine(engine)) passed++;
  console.log(`\n${name}: ${passed} passed, ${engines.length - passed} failed`);
  process.exit(passed === engines.length ? 0 : 1);
}
