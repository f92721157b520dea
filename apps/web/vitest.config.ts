import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Unit tests run in a simulated browser; @quarry/shared resolves through the workspace link.
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'happy-dom',
    // Worker threads start faster than forked processes: the whole run took 42 s instead of 51 s
    // on an idle 2-core machine.
    pool: 'threads',
    // Two at a time: vitest's default leaves one core idle on a 2-core machine. And without a fresh
    // module graph per file (each file still gets a fresh simulated page): a worker loads React,
    // Mantine and i18n once, not once per file. The whole run on an idle 2-core machine: 53 s
    // isolated on one worker, 37 s isolated on two, 12 s as here. Shared module state must be
    // reset by what owns it (initI18n starts from the shipped strings).
    maxWorkers: 2,
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    // A screen test that renders and clicks through a page takes 1-2 s alone and over 5 s (vitest's
    // default limit) on a 2-core machine running other builds.
    testTimeout: 15_000,
  },
});
