import os from 'node:os';
import path from 'node:path';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
  type Request,
} from 'playwright-core';
import { afterAll, beforeAll, beforeEach, inject, type TestContext } from 'vitest';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Where a failing test's pages are photographed (named in its report). */
const FAILURE_SHOTS = path.join(os.tmpdir(), 'quarry-e2e-failures');

/**
 * The server of this test file's worker: files run two at a time (e2e/vitest.config.ts), each
 * worker against a server and database of its own (e2e/support/global-setup.ts).
 */
function server() {
  const servers = inject('servers');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  const own = servers[(worker - 1) % servers.length];
  if (!own) throw new Error(`no e2e server for worker ${worker}`);
  return own;
}

export const baseURL = () => server().baseURL;
/** The server's DATA_DIR: its SQLite file holds the mail outbox (no SMTP in tests). */
export const dataDir = () => server().dataDir;
export const demoPassword = () => inject('demoPassword');
/** The private-app token the local HubSpot accepts. */
export const hubspotToken = () => inject('hubspotToken');
/** The local fixture server of live signals (feeds, job boards, EDGAR) every server may read. */
export const signalFixturesURL = () => inject('signalFixturesURL');

/** What a reader's system settings say: dark or light theme, reduced motion. */
export type ReaderSettings = Pick<BrowserContextOptions, 'colorScheme' | 'reducedMotion'>;

/**
 * One Chromium per test file (Debian's, never a downloaded one) and a fresh context per test,
 * so storage and cookies never leak between tests.
 */
/** The touch screens a test can open: a phone and a tablet, as their makers size them in CSS pixels. */
const TOUCH_SCREENS = { phone: { width: 390, height: 844 }, tablet: { width: 820, height: 1180 } } as const;
export type TouchScreen = keyof typeof TOUCH_SCREENS;

export function useBrowser(settings: ReaderSettings = {}) {
  let browser: Browser;
  /** The contexts a test opened besides its own (a colleague, the support account), closed after it. */
  let others: BrowserContext[] = [];
  let watch: (context: BrowserContext, who: string) => void = () => undefined;
  const state = {
    /**
     * Another person's browser in the same test, or the same person's `touch` screen (a phone or
     * a tablet: a finger's pointer, no hover): its requests, errors and pages are in the failure
     * report too, and it is closed before the next test.
     */
    async newContext(who: string, touch?: TouchScreen): Promise<BrowserContext> {
      const context = await browser.newContext({
        baseURL: baseURL(),
        viewport: touch ? TOUCH_SCREENS[touch] : { width: 1280, height: 800 },
        ...(touch ? { isMobile: true, hasTouch: true } : {}),
        ...settings,
      });
      speakAsTheAppsPages(context.request, new URL(baseURL()).origin);
      watch(context, who);
      others.push(context);
      return context;
    },
  } as {
    context: BrowserContext;
    page: Page;
    newContext: (who: string, touch?: TouchScreen) => Promise<BrowserContext>;
  };
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });
  beforeEach(async (test) => {
    for (const context of [state.context, ...others]) await context?.close().catch(() => undefined);
    others = [];
    state.context = await browser.newContext({
      baseURL: baseURL(),
      viewport: { width: 1280, height: 800 },
      ...settings,
    });
    speakAsTheAppsPages(state.context.request, new URL(baseURL()).origin);
    // Before the page opens, so that its errors are heard from the start.
    watch = reportUnansweredRequests(test);
    watch(state.context, 'the test');
    state.page = await state.context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return state;
}

/**
 * When a test fails, says in the log, for every browser context it watched (the test's own, and
 * another person's opened with `newContext`), which requests were still unanswered, where each page
 * was and what it showed, the answers of 400 and above, page errors and console errors, and how long the server
 * takes to answer a health check right then: a wait that times out after 30 s (the client's own
 * timeout) is then told apart from a page that never asked, a page that broke, or a busy server.
 */
function reportUnansweredRequests(test: TestContext): (context: BrowserContext, who: string) => void {
  const started = Date.now();
  const open = new Map<Request, string>();
  const errors: string[] = [];
  const watched: { context: BrowserContext; who: string }[] = [];
  const since = () => `${Date.now() - started} ms`;
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').slice(0, 200);
  test.onTestFailed(async () => {
    const pages = await Promise.all(
      watched.flatMap(({ context, who }) =>
        context.pages().map(async (p) => {
          const text = await p
            .locator('body')
            // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what the person saw.
            .innerText({ timeout: 5_000 })
            .then((t) => t.replace(/\s+/g, ' ').slice(0, 300))
            .catch((e: Error) => `(text unreadable: ${e.message})`);
          const shot = path.join(FAILURE_SHOTS, `${Date.now()}-${who.replace(/\W+/g, '-')}.png`);
          const saved = await p
            .screenshot({ path: shot, timeout: 5_000 })
            .then(() => `, screenshot ${shot}`)
            .catch(() => '');
          return `${who}'s at ${p.url()} showing "${text}"${saved}`;
        }),
      ),
    );
    const asked = Date.now();
    const health = await fetch(new URL('/api/health', baseURL()), { signal: AbortSignal.timeout(30_000) })
      .then((r) => `${r.status} in ${Date.now() - asked} ms`)
      .catch((e: Error) => `no answer in ${Date.now() - asked} ms (${e.message})`);
    console.log(
      `[e2e] "${test.task.name}" failed ${since()} in; pages: ${pages.join(', ') || 'none'}; ` +
        `unanswered requests: ${[...open.values()].join('; ') || 'none'}; ` +
        `errors: ${errors.slice(-8).join(' | ') || 'none'}; server health: ${health}`,
    );
  });
  return (context, who) => {
    watched.push({ context, who });
    context.on('request', (r) =>
      open.set(r, `${who}'s ${r.method()} ${new URL(r.url()).pathname} (sent at ${since()})`),
    );
    context.on('requestfinished', (r) => open.delete(r));
    context.on('requestfailed', (r) => open.set(r, `${open.get(r)} failed: ${r.failure()?.errorText}`));
    context.on('response', (r) => {
      // Answered, though 'requestfinished' may never come: a body the page does not read is never finished.
      open.delete(r.request());
      if (r.status() >= 400)
        errors.push(
          `${who}'s ${r.request().method()} ${new URL(r.url()).pathname} answered ${r.status()} at ${since()}`,
        );
    });
    context.on('page', (page) => {
      page.on('pageerror', (e) => errors.push(`${who}'s page error at ${since()}: ${oneLine(e.message)}`));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`${who}'s console error at ${since()}: ${oneLine(m.text())}`);
      });
    });
  };
}

/**
 * A test's own API calls (`page.request`) set up data as the app's pages would: a browser sends
 * Origin with every state-changing request, and the server refuses one without it.
 */
function speakAsTheAppsPages(request: APIRequestContext, origin: string): void {
  for (const method of ['post', 'put', 'patch', 'delete', 'fetch'] as const) {
    const send = request[method].bind(request) as (
      url: unknown,
      options?: { headers?: Record<string, string> },
    ) => unknown;
    request[method] = ((url: unknown, options: { headers?: Record<string, string> } = {}) =>
      send(url, { ...options, headers: { origin, ...options.headers } })) as never;
  }
}

/**
 * Signs in through the sign-in form, as a person does: for tests about signing in. Tests about
 * something else start from `openSignedIn` or `startSession`, which skip the form's two page loads.
 */
export async function signIn(page: Page, email: string, password = demoPassword()): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  // The signed-in shell (navigation, shortcuts) loads on its own after sign-in.
  await page.getByTestId('user-menu').waitFor();
}

/**
 * Gives the page's browser a session as `email` through the endpoint the sign-in form calls
 * (POST /api/session/login), without loading a page: the test opens its own page next.
 */
export async function startSession(page: Page, email: string, password = demoPassword()): Promise<void> {
  // With the Origin a page's request carries: a context made by a test itself has no default one.
  const origin = new URL(baseURL()).origin;
  const response = await page.request.post(`${origin}/api/session/login`, {
    data: { email, password },
    headers: { origin },
  });
  if (!response.ok()) throw new Error(`Signing in as ${email} answered ${response.status()}: ${await response.text()}`);
}

/** Opens `path` (Home by default) signed in as `email`, once the signed-in shell has loaded. */
export async function openSignedIn(page: Page, email: string, path = '/', password = demoPassword()): Promise<void> {
  await startSession(page, email, password);
  await page.goto(path);
  await page.getByTestId('user-menu').waitFor();
}
