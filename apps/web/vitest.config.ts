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
    include: ['src/**/*.test.{ts,tsx}'],
    // A screen test that renders and clicks through a page takes 1-2 s alone and over 5 s (vitest's
    // default limit) on a 2-core machine running other builds.
    testTimeout: 15_000,
  },
});
