/**
 * The service worker seen from a journey (src/sw.ts): when it controls the page, and what it
 * keeps in Cache Storage. Journeys that use it allow service workers (`test.use({ serviceWorkers:
 * 'allow' })`); the others run without.
 */
import type { Page } from '@playwright/test';

/** Waits until the service worker (registered after the first paint, when idle) controls the page. */
export async function workerControls(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
  });
}

/** The URL paths each of the worker's caches holds, by cache name. */
export async function cachedPaths(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const kept: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const requests = await (await caches.open(name)).keys();
      kept[name] = requests.map((request) => new URL(request.url).pathname).sort();
    }
    return kept;
  });
}
