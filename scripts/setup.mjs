// Prepares a checkout to run, with nothing but Node and npm: installs dependencies when they are
// missing or older than the lockfile, and builds the web app when the build is older than its sources.
// Dependency-free on purpose: it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = new Set(process.argv.slice(2));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, commandArgs, label) {
  console.log(`\n> ${label}`);
  // JOBS: node-gyp compiles better-sqlite3's two sources side by side where a core is free.
  const result = spawnSync(command, commandArgs, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, JOBS: process.env.JOBS ?? 'max' },
  });
  if (result.status !== 0) {
    console.error(`\n${label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

function installIfNeeded() {
  const lockfile = path.join(root, 'package-lock.json');
  const stamp = path.join(root, 'node_modules', '.quarry-install-stamp');
  const manifests = [
    'package.json',
    'apps/server/package.json',
    'apps/web/package.json',
    'packages/shared/package.json',
  ];
  const hash = crypto.createHash('sha256');
  for (const file of [lockfile, ...manifests.map((m) => path.join(root, m))]) {
    if (fs.existsSync(file)) hash.update(fs.readFileSync(file));
  }
  const digest = hash.digest('hex');
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === digest) return;
  // `npm install` keeps the locked versions. Not `npm ci`: its strict check refuses a lockfile that
  // lacks the optional binaries of other platforms (Biome's), which a mirror may not carry.
  // better-sqlite3 compiles from source where no prebuilt binary can be fetched.
  run(npm, ['install', '--no-audit', '--no-fund'], 'Installing dependencies (first run takes a few minutes)');
  fs.writeFileSync(stamp, digest);
}

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function buildIfStale() {
  const built = path.join(root, 'apps/web/dist/index.html');
  const sources = [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'packages/shared/src',
    'package-lock.json',
  ];
  const newestSource = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  if (builtAt >= newestSource) return;
  run(npm, ['run', 'build', '--silent'], 'Building the web app');
}

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Quarry needs Node 20.19 or later; this is ${process.versions.node}.`);
  process.exit(1);
}
installIfNeeded();
if (!args.has('--no-build')) buildIfStale();
