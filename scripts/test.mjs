// `npm test`: type-check, lint, unit, API (SQLite, and PostgreSQL when TEST_DATABASE_URL is set),
// the production build, then browser tests in Chromium. Stops at the first failing step.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const ci = Boolean(process.env.CI);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const results = [];

function step(label, command, args, env = {}) {
  console.log(`\n━━ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  results.push({ label, ok, seconds });
  if (!ok) finish();
}

function skip(label, why) {
  if (ci) {
    console.error(`\n━━ ${label}: cannot run in CI (${why})`);
    results.push({ label, ok: false, seconds: '0.0' });
    finish();
  }
  console.warn(`\n━━ ${label}: SKIPPED (${why})`);
  results.push({ label, ok: true, seconds: 'skipped' });
}

function finish() {
  console.log('\n━━ Summary');
  for (const r of results)
    console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.label} (${r.seconds}${r.seconds === 'skipped' ? '' : ' s'})`);
  const failed = results.filter((r) => !r.ok).length;
  console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

step('Type-check', 'npx', ['tsc', '-p', 'packages/shared']);
step('Type-check server', 'npx', ['tsc', '-p', 'apps/server']);
step('Type-check web', 'npx', ['tsc', '-p', 'apps/web']);
step('Type-check e2e', 'npx', ['tsc', '-p', 'e2e']);
step('Lint and format', 'npx', ['biome', 'check', '.']);
step('Shared unit tests', 'npx', ['vitest', 'run', '--root', 'packages/shared']);
step('Web unit tests', 'npx', ['vitest', 'run', '--root', 'apps/web']);
step('API tests on SQLite', 'npx', ['vitest', 'run', '--root', 'apps/server'], { QUARRY_TEST_ENGINE: 'sqlite' });
if (process.env.TEST_DATABASE_URL) {
  step('API tests on PostgreSQL', 'npx', ['vitest', 'run', '--root', 'apps/server'], {
    QUARRY_TEST_ENGINE: 'postgres',
  });
} else {
  skip('API tests on PostgreSQL', 'TEST_DATABASE_URL is not set');
}
step('Production build', 'npm', ['run', 'build', '--silent']);
if (fs.existsSync(chromium)) {
  step('Browser tests in Chromium', 'npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts']);
} else {
  skip('Browser tests in Chromium', `${chromium} not found: apt-get install chromium`);
}
finish();
