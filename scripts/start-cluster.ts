// npm run start:cluster -- --processes 3
// Several Quarry server processes on one PostgreSQL (DATABASE_URL) behind one port: Node's cluster
// module hands each incoming connection to the next process in turn. The processes share nothing
// but the database: sessions, rate-limit counts and jobs all live there (README, "Several
// processes"). The first process migrates and seeds before the others start; one that dies is
// started again; SIGTERM or Ctrl-C stops each of them gracefully.
import cluster, { type Worker } from 'node:cluster';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { processes: { type: 'string', default: String(os.availableParallelism()) } },
});
const processes = Number(values.processes);
if (!Number.isInteger(processes) || processes < 1 || processes > 64) {
  console.error('start:cluster: --processes must be a whole number from 1 to 64');
  process.exit(2);
}
if (!process.env.DATABASE_URL) {
  console.error(
    'start:cluster: set DATABASE_URL to a PostgreSQL database. Several processes share one database; an embedded SQLite file belongs to one process (npm start).',
  );
  process.exit(2);
}

cluster.setupPrimary({
  exec: path.resolve(import.meta.dirname, '../apps/server/src/main.ts'),
  execArgv: ['--import', 'tsx'],
});

let stopping = false;
let started = 0;
/** Each process is numbered (X-Quarry-Process), a replacement taking the next number. */
const fork = (): Worker => cluster.fork({ QUARRY_PROCESS: String(++started) });

// Migrations and the demo seed run in the first process alone; the others find them done.
const first = fork();
const earlyExit = (code: number | null) => {
  console.error(`start:cluster: the first server process exited (${code}) before listening`);
  process.exit(1);
};
first.once('exit', earlyExit);
await once(first, 'listening');
first.off('exit', earlyExit);
for (let i = 1; i < processes; i++) fork();

let listening = 1;
cluster.on('listening', () => {
  listening++;
  if (listening === processes) console.log(`start:cluster: ${processes} server processes listening on one port`);
});
if (processes === 1) console.log('start:cluster: 1 server process listening');

cluster.on('exit', (worker, code, signal) => {
  if (stopping) {
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    return;
  }
  console.error(`start:cluster: server process ${worker.process.pid} ended (${signal ?? code}); starting another`);
  listening--;
  fork();
});

function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
  if (workers.length === 0) process.exit(0);
  for (const worker of workers) worker.process.kill(signal === 'SIGINT' ? 'SIGTERM' : signal);
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
