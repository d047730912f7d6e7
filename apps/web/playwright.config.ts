import { defineConfig } from '@playwright/test';
import { ANDROID_CHROME_UA, CHROMIUM_ARGS, CHROMIUM_PATH, PHONE_VIEWPORT } from './e2e/chromium.ts';

// E2E_PORT (with WEB_DIST) lets journeys of several checkouts run side by side.
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.E2E_PORT ? `../../test-results/playwright-${port}` : '../../test-results/playwright',
  // Two cores, one server, one embedded database: journeys run one after another.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // No retries, in CI either: a journey that passes only on a second try has a cause to fix.
  retries: 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '../../test-results/playwright.json' }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'phone',
      use: {
        browserName: 'chromium',
        viewport: PHONE_VIEWPORT,
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        userAgent: ANDROID_CHROME_UA,
        locale: 'zh-CN',
        launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
      },
    },
  ],
  // The real server on a fresh embedded database seeded with the demo data, the web app built if stale.
  webServer: {
    command: `node e2e/start-server.mjs --port ${port}`,
    url: `${baseURL}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM rather than Playwright's default SIGKILL, so that the temporary DATA_DIR is removed.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
