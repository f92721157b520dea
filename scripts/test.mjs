// `npm test`: type-check, lint, unit, API (SQLite, and PostgreSQL when TEST_DATABASE_URL is set),
// the production build, then browser tests in Chromium. Stops at the first failing step.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const ci = Boolean(process.env.CI);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const results = [];
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-test-'));

function step(label, command, args, env = {}) {
  console.log(`\n━━ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  const problems = problemsIn(args);
  // Vitest fails a run on an error raised outside any test (an unhandled rejection or 'error'
  // event) without a failed test in its report: say so, or the summary names nothing.
  if (!ok && problems.length === 0 && args.some((a) => a.startsWith('--outputFile.json='))) {
    problems.push('✗ an error outside any test (unhandled error or rejection): see "Unhandled" in the log above');
  }
  results.push({ label, ok, seconds, problems });
  if (!ok) finish();
}

/** Runs steps at the same time; each one's output is printed whole, in order, once all have ended. */
async function together(steps) {
  const started = Date.now();
  const runs = steps.map(([label, command, args]) => {
    const begun = Date.now();
    return new Promise((resolve) => {
      const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      child.on('error', (error) => resolve({ label, status: 1, output: `${output}${error}\n`, begun }));
      child.on('close', (status) => resolve({ label, status, output, begun, ended: Date.now() }));
    });
  });
  for (const { label, status, output, begun, ended = Date.now() } of await Promise.all(runs)) {
    console.log(`\n━━ ${label}`);
    process.stdout.write(output);
    results.push({ label, ok: status === 0, seconds: ((ended - begun) / 1000).toFixed(1), problems: [] });
  }
  console.log(
    `\n(the ${steps.length} steps above ran side by side: ${((Date.now() - started) / 1000).toFixed(1)} s in all)`,
  );
  if (results.some((r) => !r.ok)) finish();
}

// A vitest step also writes a JSON report, so the summary (the end of a long CI log) can name
// the tests that failed, and those that passed only on a retry, with the first lines of each error.
function vitest(label, args, env) {
  const report = path.join(reports, `${results.length}.json`);
  step(
    label,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
  );
}

function problemsIn(args) {
  const report = args.find((a) => a.startsWith('--outputFile.json='))?.slice('--outputFile.json='.length);
  if (!report || !fs.existsSync(report)) return [];
  // The error and, for a browser timeout, the locator it waited for: its first two lines.
  const firstLine = (text) =>
    (text ?? '')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && l !== 'Call log:' && !l.startsWith('at '))
      .slice(0, 2)
      .join(' | ')
      .slice(0, 300);
  const problems = [];
  for (const file of JSON.parse(fs.readFileSync(report, 'utf8')).testResults ?? []) {
    const where = path.relative(root, file.name);
    const tests = file.assertionResults ?? [];
    for (const t of tests.filter((t) => t.failureMessages?.length)) {
      // A passed test with errors failed first and passed on a retry: flaky, and said so.
      const mark = t.status === 'passed' ? '↻ passed on retry' : '✗';
      problems.push(`${mark} ${where} › ${t.fullName}: ${firstLine(t.failureMessages[0])}`);
    }
    if (file.status === 'failed' && !tests.some((t) => t.status === 'failed')) {
      problems.push(`✗ ${where}: ${firstLine(file.message)}`);
    }
  }
  return problems;
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
  for (const r of results) {
    console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.label} (${r.seconds}${r.seconds === 'skipped' ? '' : ' s'})`);
    for (const p of r.problems ?? []) console.log(`       ${p}`);
  }
  fs.rmSync(reports, { recursive: true, force: true });
  const failed = results.filter((r) => !r.ok).length;
  console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

// Each type-check is one single-threaded tsc: two cores run them side by side.
await together([
  ['Type-check', 'npx', ['tsc', '-p', 'packages/shared']],
  ['Type-check server', 'npx', ['tsc', '-p', 'apps/server']],
  ['Type-check web', 'npx', ['tsc', '-p', 'apps/web']],
  ['Type-check e2e', 'npx', ['tsc', '-p', 'e2e']],
  ['Type-check scripts (benchmarks, crash tests, imports)', 'npx', ['tsc', '-p', 'scripts']],
  ['Lint, format and import rules', 'npm', ['run', 'lint', '--silent']],
]);
vitest('Shared unit tests', ['--root', 'packages/shared']);
vitest('Web unit tests', ['--root', 'apps/web']);
vitest('API tests on SQLite', ['--root', 'apps/server'], { QUARRY_TEST_ENGINE: 'sqlite' });
if (process.env.TEST_DATABASE_URL) {
  vitest('API tests on PostgreSQL', ['--root', 'apps/server'], { QUARRY_TEST_ENGINE: 'postgres' });
} else {
  skip('API tests on PostgreSQL', 'TEST_DATABASE_URL is not set');
}
// The four process tests mostly wait (for servers to start, for a kill to land, for jobs to run),
// so they run side by side; each one's output is printed whole when it ends, not interleaved.
await together([
  ['Crash durability (SIGKILL under write load)', 'npx', ['tsx', 'scripts/crash-test.ts']],
  ['A flow survives its server being killed mid-writing', 'npx', ['tsx', 'scripts/flow-crash-test.ts']],
  ['Graceful shutdown (SIGTERM under load)', 'npx', ['tsx', 'scripts/drain-test.ts']],
  ...(process.env.TEST_DATABASE_URL
    ? [['Three server processes on one PostgreSQL', 'npx', ['tsx', 'scripts/cluster-test.ts']]]
    : []),
]);
if (!process.env.TEST_DATABASE_URL) {
  skip('Three server processes on one PostgreSQL', 'TEST_DATABASE_URL is not set');
}
step('Production build', 'npm', ['run', 'build', '--silent']);
if (fs.existsSync(chromium)) {
  vitest('Browser tests in Chromium', ['--config', 'e2e/vitest.config.ts']);
} else {
  skip('Browser tests in Chromium', `${chromium} not found: apt-get install chromium`);
}
finish();
