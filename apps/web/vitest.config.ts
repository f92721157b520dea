import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Unit tests run in a simulated browser; @quarry/shared resolves through the workspace link.
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
