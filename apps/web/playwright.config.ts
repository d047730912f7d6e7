import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, PHONE } from './e2e/chromium.ts';

import { E2E_WORKERS, serverPort, serverURL } from './e2e/servers.ts';

// E2E_PORT (with WEB_DIST) lets journeys of several checkouts run side by side.
const port = serverPort(0);

export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.E2E_PORT ? `../../test-results/playwright-${port}` : '../../test-results/playwright',
  // Each worker has its own server and embedded database (the `baseURL` fixture picks it), so
  // that one journey's items never show in another's lists and counts. Inside a file, journeys
  // run one after another.
  workers: E2E_WORKERS,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // No retries, in CI either: a journey that passes only on a second try has a cause to fix.
  retries: 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '../../test-results/playwright.json' }]] : 'list',
  // Two browsers and two servers share two cores: a step may wait longer than on a quiet machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: serverURL(0),
    // The trace of a failed journey keeps each step's page (DOM snapshots), not a film of it: the
    // film cost a fifth of the journeys' CPU time (docs/decisions.md "CI in under 15 minutes").
    // CI records none (12–14 % of the journeys' CPU): a failure there keeps its screenshot and its
    // page's error context; run the journey here to get its trace (docs/decisions.md "CI time, measured again").
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // No service worker unless a journey is about it (offline, the worker, the shared phone's
    // Cache Storage: `test.use({ serviceWorkers: 'allow' })` there): the others run as on a
    // first visit, without the worker's install beside them.
    serviceWorkers: 'block',
    // A phone set to reduce motion (ADR 0102): sheets, dialogs and toasts are in place at once,
    // not after 300 ms of frames drawn by two cores in software. The journeys with motion kept
    // (the whole life cycle, motion.spec.ts) say so with `test.use({ reducedMotion: 'no-preference' })`.
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'phone',
      use: {
        browserName: 'chromium',
        ...PHONE,
        locale: 'zh-CN',
        // A shop's phones keep the shop's time (the server's default SHOP_TIMEZONE): periods the
        // phone picks are shop days, so a journey run after 16:00 UTC must not see tomorrow.
        timezoneId: 'Asia/Shanghai',
        launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
      },
    },
  ],
  // The real server on a fresh embedded database seeded with the demo data, one per worker; the
  // first builds the web app if stale, the others serve that build.
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => ({
    command: `node e2e/start-server.mjs --port ${serverPort(index)}${index > 0 ? ' --no-build' : ''}`,
    url: `${serverURL(index)}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    // SIGTERM rather than Playwright's default SIGKILL, so that the temporary DATA_DIR is removed.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
  })),
});
