import type { QueryClient } from '@tanstack/react-query';
import { useOutbox } from './outbox-store.ts';
import { persistQueries } from './query-persist.ts';
import { whenIdle } from './when-idle.ts';

/**
 * Loaded after the first paint (main.tsx): restores the last-seen lists (query-persist.ts) and
 * starts the outbox's sender when entries wait. In a build, once the browser is idle (so that
 * nothing competes with the first page's own requests), `app-updates.ts`: the service worker,
 * its update prompt, the reload when a chunk of an older build is gone, the manifest's language.
 */
export function startOffline(client: QueryClient, inBuild: boolean): void {
  persistQueries(client);
  // What a reload or a closed tab left in the outbox goes out: its sender starts when entries wait.
  if (useOutbox.getState().entries.length > 0) void import('./outbox.ts');
  if (!inBuild) return;
  whenIdle(() => void import('./app-updates.ts').then((updates) => updates.startAppUpdates()));
}
