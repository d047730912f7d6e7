import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { routeTable } from './apps/web/route-table-plugin.ts';

export default defineConfig({
  test: {
    // Vitest's default, one less than the cores, is one worker on a two-core machine; the server
    // tests wait on databases and child processes often enough that two keep both cores busier.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
        },
      },
      {
        // The web app's API routes come from the build's virtual module (apps/web/route-table-plugin.ts).
        plugins: [routeTable()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts', 'apps/web/*.test.ts'],
        },
      },
      {
        // Component tests: React in happy-dom with Testing Library (no server, no browser).
        plugins: [routeTable()],
        test: {
          name: 'web-components',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/component-setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // pg's warning of a query sent to a client already running one fails the test (issue 30).
          setupFiles: ['apps/server/src/test/pg-overlap-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // One process per worker for all its files rather than one per file: each file still
          // builds its own app on its own database (test/test-app.ts), and the server's modules
          // keep nothing but caches (fonts, statement names), so what files share is the imports
          // and PGlite's compiled WebAssembly: the project's CPU time nearly halves
          // (docs/decisions.md "CI in under 15 minutes").
          isolate: false,
        },
      },
    ],
  },
});
