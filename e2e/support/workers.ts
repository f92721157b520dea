/**
 * How many browser-test files run at once (vitest's maxWorkers in e2e/vitest.config.ts): each
 * has a server and a database of its own (global-setup.ts), so a file never sees what another
 * file changes. `E2E_WORKERS=1` runs them one after another.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
