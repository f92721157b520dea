import { defineConfig } from 'vitest/config';

// API tests build a real app on a real database (SQLite, or PostgreSQL with
// QUARRY_TEST_ENGINE=postgres); files run two at a time (three on PostgreSQL) to suit a 2-core machine. Each file
// builds its own app and database, so files need no fresh module graph of their own: without
// isolation a worker loads the server's modules once, not once per file (CPU time of the whole
// run: 148 s isolated, 79 s not, on SQLite). On PostgreSQL a test spends part of its time waiting
// for the database server's answers, so a third file fits in: measured on an idle 2-core machine,
// the PostgreSQL run took 103 s with three files at a time, 113 s with four, 134 s with two.
const workers = process.env.QUARRY_TEST_ENGINE === 'postgres' ? 3 : 2;

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: workers,
    fileParallelism: true,
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
