import os from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { languageBoot } from './build/languageBoot.js';
import { precompress } from './build/precompress.js';
import { dropUnusedCss } from './build/unusedCss.js';

// The API the dev server forwards to; `npm start` serves the built app and the API from one origin instead.
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  // dropUnusedCss rewrites the stylesheets languageBoot emits before index.html links them (generateBundle);
  // precompress compresses the files once written (closeBundle), so the .br and .gz are of the purged CSS.
  plugins: [react(), languageBoot(), dropUnusedCss(), precompress()],
  // The server bundle (entry-server.tsx, built into dist-ssr) carries its libraries, so the API imports
  // one self-contained file rather than resolving each library's CommonJS or ESM build at run time.
  ssr: { noExternal: true },
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
      output: {
        codeSplitting: {
          // What the first screen loads comes as two files, libraries and app, rather than ~30 small shared
          // chunks: one gzip stream compresses better (8.7 KB less for the home page) and the browser has two
          // requests to schedule instead of thirty. Libraries stay apart so an app change keeps them cached.
          groups: [
            // zod comes with the forms: the contracts' barrel reaches it by static imports, which tag it `$initial`
            // although no first-load code builds a schema (e2e/storefront/first-load.spec.ts).
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] },
            // After the first screen: react-bootstrap, and what it imports, as one file rather than a file for each
            // set of screens sharing a piece. A category page came in 17 files, and Vite's helper adds a preload link
            // for each as the app starts, a few milliseconds of a phone's main thread apiece
            // (docs/decisions/phone-main-thread.md). After `vendor`, so that React, which both import, stays in the
            // first load's file.
            { name: 'react-bootstrap', test: /[\\/]node_modules[\\/]react-bootstrap[\\/]/ },
            { name: 'app', tags: ['$initial'] },
          ],
        },
      },
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
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    css: false,
    // Above the 5 s each findBy may wait (src/test/setup.ts).
    testTimeout: 20_000,
    // A file per core: Vitest's default leaves one core of two idle, and the suite took 240 s alone on two cores
    // against 170 s with both (docs/testing.md).
    maxWorkers: os.availableParallelism(),
  },
});
