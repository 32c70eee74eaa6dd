import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { languageBoot } from './build/languageBoot.js';

// The API the dev server forwards to; `npm start` serves the built app and the API from one origin instead.
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), languageBoot()],
  server: {
    proxy: {
      '/api': apiTarget,
      '/uploads': apiTarget,
    },
  },
  build: {
    // Pictures stay files: cached on their own and fetched only when shown, never inflating the JS.
    assetsInlineLimit: 0,
    rollupOptions: {
      treeshake: {
        // The shared contracts package has no side effects: without this hint, importing one constant
        // would keep every zod schema (and zod) in the first-load bundle.
        moduleSideEffects: (id) => !id.includes('/packages/contracts/'),
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    css: false,
  },
});
