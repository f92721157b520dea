// Prints the JavaScript a browser must load to show /login (entry chunk, the login route chunk and
// everything they import statically), gzipped, against the 170 KB budget. Run after `vite build`.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_KB = 170;
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) collect(dep);
}
collect('index.html');
const loginKey = Object.keys(manifest).find((k) => k.endsWith('features/auth/components/login-page.tsx'));
if (!loginKey) throw new Error('login page chunk not found in the manifest');
collect(loginKey);

let total = 0;
for (const file of files) {
  if (!file.endsWith('.js')) continue;
  total += zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
}
const kb = total / 1024;
console.log(
  `Initial JavaScript for /login: ${kb.toFixed(1)} KB gzipped in ${files.size} files (budget ${BUDGET_KB} KB)`,
);
if (kb > BUDGET_KB) {
  console.error(`Over budget by ${(kb - BUDGET_KB).toFixed(1)} KB`);
  process.exitCode = 1;
}
