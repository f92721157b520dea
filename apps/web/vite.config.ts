import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/AnalyticsRelay': 'http://127.0.0.1:3000',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        advancedChunks: {
          // The Mantine pieces the sign-in page needs, in one chunk: a dozen tiny files compress worse.
          groups: [
            {
              name: 'mantine-basics',
              test: /@mantine[\\/](core[\\/]esm[\\/]components[\\/](Alert|Anchor|ActionIcon|Button|Center|CloseButton|Input|InputBase|Loader|Paper|PasswordInput|Stack|Text|TextInput|Title)[\\/]|hooks[\\/]esm[\\/]use-(timeout|uncontrolled)[\\/])/,
            },
            {
              // What every floating piece shares (menus, selects, tooltips, modals, date pickers): one
              // chunk, not four that each lazy page lists by name.
              name: 'mantine-floating',
              test: /@mantine[\\/](core[\\/]esm[\\/]components[\\/](Popover|Portal|AccordionChevron)[\\/]|hooks[\\/]esm[\\/]utils[\\/]clamp)/,
            },
          ],
        },
      },
    },
  },
});
