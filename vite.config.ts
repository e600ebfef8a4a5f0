/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import LongestFirstSequencer from './tests/support/longest-first-sequencer';
import { fileURLToPath } from 'node:url';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const apiPort = Number(process.env.API_PORT ?? 3001);
// The API, the providers' sandboxes (their signing page and the JNE control) and the public bilyet check live on the server.
const apiBases = ['/api-v1', '/api-v2', '/api-v2-bpr', '/api-v2-general', '/api-docs', '/sandbox', '/verifikasi'];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@contract': here('./contract'),
      '@machines': here('./machines'),
      '@src': here('./src'),
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      // lottie-react's entry also imports lottie-web's full player, whose expression engine uses
      // eval; we draw with the light player (no eval) and the full one is dropped from the bundle.
      onwarn(warning, defaultHandler) {
        if (warning.code === 'EVAL' && (warning.id ?? '').includes('lottie-web')) return;
        defaultHandler(warning);
      },
    },
  },
  server: {
    // Dev mode: Vite serves the SPA, the API server runs beside it (see server/dev.ts).
    proxy: Object.fromEntries(apiBases.map((base) => [base, `http://127.0.0.1:${apiPort}`])),
  },
  test: {
    reporters: ['default', './tests/summary-reporter.ts'],
    // Vitest's default is one worker fewer than the cores: one on CI's two. The API files wait on
    // PostgreSQL and on their servers' I/O, the browser files on Chromium and their servers, much of
    // the time: three files at once kept both cores busy where two left them idle about a third of
    // the run (fresh-clone CI: 797 s with two, 736 s with three).
    maxWorkers: 3,
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/model/**/*.test.ts', 'tests/api/**/*.test.ts'],
          // Migrates the SQLite and PostgreSQL templates test databases are copied from (tests/support/database-template.ts).
          globalSetup: ['tests/support/database-templates-setup.ts'],
          // One module graph per worker instead of one per file: each API file otherwise loads the
          // whole server again (Hono, Kysely, pdfkit, exceljs, the OpenAPI document), which was half
          // of this project's CPU time. The files start their own servers and databases; the one
          // mock (lib-error-message's toast) is of an SPA module no server loads.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/dom/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/dom/support/setup.ts'],
          // A file's first test also loads its lazy screen; beside an API file on a two-core machine
          // that alone can pass Vitest's 5 s default.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll waits for what a screen shows: Vitest's 1 s default is shorter than a page's
          // first answer on a loaded two-core machine (the poll still ends as soon as it holds).
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: true,
        },
      },
    ],
  },
});
