import { defineConfig } from 'vitest/config';

// API tests build a real app on a real database (SQLite, or PostgreSQL with
// QUARRY_TEST_ENGINE=postgres); files run two at a time to suit a 2-core machine.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
