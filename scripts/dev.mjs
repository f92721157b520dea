// Development: the API with reload on change (tsx watch) and the web app with hot reload (Vite),
// which proxies /api to the API. Ctrl+C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
];
console.log('\nQuarry dev: open http://127.0.0.1:5173 (API on http://127.0.0.1:3000)\n');
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code && code !== 0) stop();
  });
