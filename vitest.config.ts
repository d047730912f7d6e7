import { defineConfig } from 'vitest/config';
import { routeTable } from './apps/web/route-table-plugin.ts';

export default defineConfig({
  test: {
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
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
