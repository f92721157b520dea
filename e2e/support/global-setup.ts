import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFakeHubspot } from '../../apps/server/src/adapters/engagement/fake-hubspot.ts';
import { startFakeOutreach } from '../../apps/server/src/adapters/engagement/fake-outreach.ts';
import { startFakeSalesloft } from '../../apps/server/src/adapters/engagement/fake-salesloft.ts';
import { startSignalFixtureServer } from '../../apps/server/src/testing/signal-fixtures.ts';
import { EXTRA_ACCOUNT_MARK, EXTRA_ACCOUNTS } from './extra-accounts.ts';
import { OUTREACH_USER, SALESLOFT_USER } from './fake-vendors.ts';
import { E2E_WORKERS } from './workers.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** The private-app token the fake HubSpot accepts (integrations.e2e.ts connects with it). */
const HUBSPOT_TOKEN = 'pat-e2e-00000000-hubspot-token-0001';
/** Quarry's OAuth app at the fake Outreach and the fake HubSpot (#21, integrations-oauth.e2e.ts). */
const OAUTH_CLIENT_ID = 'quarry-e2e-oauth-app';
const OAUTH_CLIENT_SECRET = 'quarry-e2e-oauth-secret';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/**
 * Loads 1,200 more accounts through `npm run import:accounts`, into the running server's
 * database: enough to select past the 1,000-account cap, and a check of the import command itself.
 * Asynchronous, so that the workers' servers import side by side.
 */
async function importExtraAccounts(dataDir: string): Promise<void> {
  const file = path.join(dataDir, 'extra-accounts.csv');
  const lines = ['name,website,industry,employees'];
  for (let i = 0; i < EXTRA_ACCOUNTS; i++)
    lines.push(`${EXTRA_ACCOUNT_MARK} Supply ${i},quarrytest${i}.example,Wholesalers,${100 + i}`);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/import-accounts.ts', file], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', QUARRY_ENV: 'test', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const status = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (status !== 0 || !output.includes(`Imported ${EXTRA_ACCOUNTS} accounts`)) {
    throw new Error(`import:accounts failed:\n${output}`);
  }
}

/** One server of the run: its address and the DATA_DIR whose SQLite file it writes. */
export interface E2eServer {
  baseURL: string;
  dataDir: string;
}

interface Vendors {
  hubspotBaseUrl: string;
  hubspotOauthBaseUrl: string;
  outreachBaseUrl: string;
  outreachOauthBaseUrl: string;
  salesloftBaseUrl: string;
  salesloftOauthBaseUrl: string;
  nowhere: string;
  signalFixturesHost: string;
  signalFixturesUrl: string;
}

/** Starts the real server on a fresh SQLite database with the demo seed, serving the built SPA. */
async function startServer(vendors: Vendors): Promise<E2eServer & { stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const { nowhere } = vendors;
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      QUARRY_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      LOGIN_IP_LIMIT_PER_MINUTE: '10000',
      DEMO_PASSWORD: 'quarry-demo-2026',
      HUBSPOT_API_BASE_URL: vendors.hubspotBaseUrl,
      // Outreach (#21): the local fake, and Quarry's OAuth app registered with it.
      OUTREACH_API_BASE_URL: vendors.outreachBaseUrl,
      OUTREACH_OAUTH_BASE_URL: vendors.outreachOauthBaseUrl,
      OUTREACH_CLIENT_ID: OAUTH_CLIENT_ID,
      OUTREACH_CLIENT_SECRET: OAUTH_CLIENT_SECRET,
      // HubSpot's OAuth (#21): its consent page on the fake HubSpot; its token endpoint is on HUBSPOT_API_BASE_URL.
      HUBSPOT_OAUTH_BASE_URL: vendors.hubspotOauthBaseUrl,
      HUBSPOT_CLIENT_ID: OAUTH_CLIENT_ID,
      HUBSPOT_CLIENT_SECRET: OAUTH_CLIENT_SECRET,
      // Salesloft (#21): the local fake, with Quarry's OAuth app registered with it.
      SALESLOFT_API_BASE_URL: vendors.salesloftBaseUrl,
      SALESLOFT_OAUTH_BASE_URL: vendors.salesloftOauthBaseUrl,
      SALESLOFT_CLIENT_ID: OAUTH_CLIENT_ID,
      SALESLOFT_CLIENT_SECRET: OAUTH_CLIENT_SECRET,
      APOLLO_API_BASE_URL: nowhere,
      SIGNALS_ALLOWED_HOSTS: vendors.signalFixturesHost,
      // SEC EDGAR (its company list and 8-K feeds) is the fixture server too.
      SIGNALS_SEC_BASE_URL: vendors.signalFixturesUrl,
      // No hourly discovery of the demo accounts' real websites: the job queue stays the tests' own.
      SIGNALS_DISCOVERY_ENABLED: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseURL, child, () => log);
    await importExtraAccounts(dataDir);
  } catch (error) {
    // A server that never became healthy is stopped too, not left running after the run.
    await stop();
    throw error;
  }
  return { baseURL, dataDir, stop };
}

/** Starts one server per worker, and the local vendors (HubSpot, signal feeds) they all talk to. */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` first');
  }
  // Live signals (issue #18) read the local fixture server, the one private host the server may fetch.
  const signalFixtures = await startSignalFixtureServer();
  // A local HubSpot for the integrations test; every other vendor host is a port nothing answers on.
  // #21: with Quarry's OAuth app registered too (integrations-oauth.e2e.ts connects with OAuth).
  const hubspot = await startFakeHubspot({
    tokens: [HUBSPOT_TOKEN],
    oauth: { clientId: OAUTH_CLIENT_ID, clientSecret: OAUTH_CLIENT_SECRET, consentPage: true },
  });
  // A local Outreach whose consent page a person answers (#21, integrations-oauth.e2e.ts).
  const outreach = await startFakeOutreach({
    clientId: OAUTH_CLIENT_ID,
    clientSecret: OAUTH_CLIENT_SECRET,
    consentPage: true,
    user: OUTREACH_USER,
  });
  // And a local Salesloft with its consent page (#21): no API key is valid there, only OAuth.
  const salesloft = await startFakeSalesloft({
    keys: [],
    oauth: { clientId: OAUTH_CLIENT_ID, clientSecret: OAUTH_CLIENT_SECRET, consentPage: true },
    user: SALESLOFT_USER,
  });
  const vendors: Vendors = {
    hubspotBaseUrl: hubspot.baseUrl,
    hubspotOauthBaseUrl: hubspot.oauthBaseUrl,
    outreachBaseUrl: outreach.baseUrl,
    outreachOauthBaseUrl: outreach.oauthBaseUrl,
    salesloftBaseUrl: salesloft.baseUrl,
    salesloftOauthBaseUrl: salesloft.oauthBaseUrl,
    nowhere: `http://127.0.0.1:${await freePort()}`,
    signalFixturesHost: signalFixtures.host,
    signalFixturesUrl: signalFixtures.url,
  };
  const started = await Promise.allSettled(Array.from({ length: E2E_WORKERS }, () => startServer(vendors)));
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await hubspot.close();
    await outreach.close();
    await salesloft.close();
    await signalFixtures.close();
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    'servers',
    servers.map(({ baseURL, dataDir }) => ({ baseURL, dataDir })),
  );
  project.provide('demoPassword', 'quarry-demo-2026');
  project.provide('hubspotToken', HUBSPOT_TOKEN);
  project.provide('signalFixturesURL', signalFixtures.url);
  // #21: read through outreachURL() and hubspotURL() in e2e/support/vendors.ts
  project.provide('outreachURL', outreach.baseUrl);
  project.provide('hubspotURL', hubspot.baseUrl);
  project.provide('salesloftURL', salesloft.baseUrl);
  return stopAll;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker; a test file uses its worker's (`baseURL()`, `dataDir()` in browser.ts). */
    servers: E2eServer[];
    demoPassword: string;
    /** The token the fake HubSpot the server talks to accepts. */
    hubspotToken: string;
    /** The local fixture server of live signals (feeds, job boards, EDGAR), allow-listed for the server. */
    signalFixturesURL: string;
    /** The fake Outreach's and HubSpot's base URLs (#21): their consent pages are under /oauth. */
    outreachURL: string;
    hubspotURL: string;
    /** The fake Salesloft's base URL (#21): its consent page is under /oauth. */
    salesloftURL: string;
  }
}
