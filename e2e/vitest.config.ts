import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './support/workers.ts';

// Browser tests: the built app served by the real server, driven in Debian's Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Files run E2E_WORKERS at a time (2 by default): a browser test mostly waits for a page, so
    // two keep a 2-core machine busy. Each worker has its own server and database
    // (support/global-setup.ts), so no file sees another's changes: run order never matters.
    maxWorkers: E2E_WORKERS,
    // expect.poll waits for what the page does next (a request sent, focus moved, a row saved):
    // vitest's 1 s default is short on a busy 2-core machine; Playwright's own waits allow 30 s.
    expect: { poll: { timeout: 10_000 } },
    // In CI a browser test that fails is run once more; one that passes then is still named in
    // the summary of `npm test` ("passed on retry"), so a flaky test shows rather than hides.
    retry: process.env.CI ? 1 : 0,
  },
});
