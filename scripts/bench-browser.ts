// The harness of the in-browser benchmarks: the built app served by a fresh Quarry on a throw-away
// SQLite database (demo data seeded), Debian's Chromium, and a signed-in page.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');

export type BenchBrowser = {
  browser: Browser;
  /** A new page signed in as `email`, on the signed-in shell. */
  signedInPage: (email: string) => Promise<Page>;
  stop: () => Promise<void>;
};

export async function startBenchBrowser(): Promise<BenchBrowser> {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    console.error('Build the web app first: npm run build');
    process.exit(2);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-bench-ui-'));
  const port = 3400 + Math.floor(Math.random() * 1000);
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      QUARRY_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'error',
    },
    stdio: 'ignore',
  });
  const stop = async () => {
    await browser?.close();
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  let browser: Browser | undefined;
  try {
    await waitForServer(baseURL);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const launched = browser;
  return {
    browser: launched,
    stop,
    async signedInPage(email) {
      const page = await launched.newPage({ baseURL });
      // tsx names inner functions with a helper the page does not have.
      await page.addInitScript('self.__name = (fn) => fn;');
      await page.goto('/login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(process.env.DEMO_PASSWORD ?? 'quarry-demo-2026');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByTestId('user-menu').waitFor();
      return page;
    },
  };
}

async function waitForServer(baseURL: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}
