import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverAnswered, setNetwork, useNetworkStore } from './network-store.ts';

/** The device's own word on its network (`navigator.onLine`), as the browser sets it. */
function deviceOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

describe('whether the app can reach its server (issue 17)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    setNetwork(true);
  });

  it('a response that was on its way when the network went leaves the app offline', () => {
    deviceOnline(false);
    window.dispatchEvent(new Event('offline'));
    expect(useNetworkStore.getState().online).toBe(false);
    serverAnswered();
    expect(useNetworkStore.getState().online).toBe(false);
  });

  it('an answer while the device has its network says the server is back', () => {
    deviceOnline(true);
    setNetwork(false);
    serverAnswered();
    expect(useNetworkStore.getState().online).toBe(true);
  });
});
