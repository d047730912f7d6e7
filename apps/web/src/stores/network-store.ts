import { onlineManager } from '@tanstack/react-query';
import { create } from 'zustand';
import { API_BASE } from '../config/env.ts';

/** While offline with a network interface up (the server unreachable), how often to look again. */
const PROBE_MS = 5000;

interface NetworkState {
  /** The server answers: from the browser's `online`/`offline` events and every API call's fate. */
  online: boolean;
}

/**
 * Whether the app can reach its server (issue 17). The browser's events say when the device
 * loses its network; a call that fails in transport (status 0) says so at once too, since a
 * counter's Wi-Fi often stays "connected" with nothing behind it. TanStack Query follows it
 * (`onlineManager`): queries pause rather than retry into the void, and resume when it returns.
 */
export const useNetworkStore = create<NetworkState>(() => ({
  online: typeof navigator === 'undefined' || navigator.onLine,
}));

let probe: ReturnType<typeof setInterval> | undefined;

export function setNetwork(online: boolean): void {
  onlineManager.setOnline(online);
  if (useNetworkStore.getState().online === online) return;
  useNetworkStore.setState({ online });
  clearInterval(probe);
  if (!online) probe = setInterval(lookAgain, PROBE_MS);
}

/**
 * A call got its answer: the server is there, unless the device says its network is gone. A
 * response that was on its way when the network went arrives after the browser's `offline`
 * event, and must not hide the banner again (the `online` event and the probe bring it back).
 */
export function serverAnswered(): void {
  if (navigator.onLine) setNetwork(true);
}

/** Asks the server whether it is there (the browser says the network is up, or came back). */
async function lookAgain(): Promise<void> {
  if (!navigator.onLine) return;
  try {
    const response = await fetch(`${API_BASE}/api/health`, { cache: 'no-store' });
    if (response.ok) setNetwork(true);
  } catch {
    // Still unreachable: the next look in PROBE_MS.
  }
}

if (typeof window !== 'undefined') {
  // This store, not TanStack's own listener, says when the app is online.
  onlineManager.setEventListener(() => undefined);
  onlineManager.setOnline(useNetworkStore.getState().online);
  window.addEventListener('offline', () => setNetwork(false));
  window.addEventListener('online', () => void lookAgain());
}
