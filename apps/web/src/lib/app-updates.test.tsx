import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNetwork } from '../stores/network-store.ts';
import { applyUpdate, CHUNK_RELOAD_KEY, reloadForChunk, startAppUpdates, watchUpdates } from './app-updates.ts';

/**
 * Issue 30 item 8: after a deploy, a page reloads once for a chunk of its build that is gone
 * (never in a loop, never offline), and a new service worker waits for the user's word.
 */

const MINUTE = 60_000;

/** A worker in a registration: its state changes as the browser installs it. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  readonly postMessage = vi.fn();
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  /** The browser found a new version and starts installing it. */
  found(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

class FakeContainer extends EventTarget {
  readonly controller: ServiceWorker | null;
  constructor(controller: ServiceWorker | null) {
    super();
    this.controller = controller;
  }
}

const inControl = () => new FakeContainer(new FakeWorker() as unknown as ServiceWorker);
const asRegistration = (registration: FakeRegistration) => registration as unknown as ServiceWorkerRegistration;

let reload: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  sessionStorage.clear();
  setNetwork(true);
  reload = vi.fn<() => void>();
  vi.spyOn(window.location, 'reload').mockImplementation(reload);
});
afterEach(() => vi.restoreAllMocks());

describe('reloadForChunk', () => {
  it('reloads for the first failed chunk, and not again within a minute: the error view stays', () => {
    const start = Date.parse('2026-11-28T10:00:00Z');
    expect(reloadForChunk(start)).toBe(true);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe(String(start));
    expect(reloadForChunk(start + 5_000)).toBe(false);
    expect(reloadForChunk(start + MINUTE - 1)).toBe(false);
    // A later deploy, an hour on: the page reloads for it.
    expect(reloadForChunk(start + 60 * MINUTE)).toBe(true);
  });

  it('never reloads offline: the network, not a new build, is why the chunk failed', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(reloadForChunk()).toBe(false);
    vi.restoreAllMocks();
    // The device is connected but the server does not answer.
    setNetwork(false);
    expect(reloadForChunk()).toBe(false);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });
});

describe('startAppUpdates', () => {
  it('a failed lazy import (vite:preloadError) reloads the page once, once the router has its error', () => {
    vi.useFakeTimers();
    startAppUpdates();
    window.dispatchEvent(new Event('vite:preloadError'));
    expect(reload).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(reload).toHaveBeenCalledTimes(1);
    // The page after the reload fails the same way: no second reload.
    window.dispatchEvent(new Event('vite:preloadError'));
    vi.runAllTimers();
    expect(reload).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});

describe('watchUpdates', () => {
  it('prompts at once when a new version already waits behind the worker in control', () => {
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker();
    const show = vi.fn();
    watchUpdates(asRegistration(registration), inControl(), show);
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('prompts when a version found while the page is open has installed', () => {
    const registration = new FakeRegistration();
    const show = vi.fn();
    watchUpdates(asRegistration(registration), inControl(), show);
    const worker = new FakeWorker();
    registration.found(worker);
    expect(show).not.toHaveBeenCalled();
    worker.become('installed');
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('does not prompt at the first install: no worker in control, nothing to replace', () => {
    const registration = new FakeRegistration();
    const show = vi.fn();
    watchUpdates(asRegistration(registration), new FakeContainer(null), show);
    const worker = new FakeWorker();
    registration.found(worker);
    worker.become('installed');
    worker.become('activated');
    expect(show).not.toHaveBeenCalled();
  });
});

describe('applyUpdate', () => {
  it('asks the waiting version to take over, and reloads only once it controls the page', () => {
    const registration = new FakeRegistration();
    const waiting = new FakeWorker();
    registration.waiting = waiting;
    const container = inControl();
    applyUpdate(asRegistration(registration), container);
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'skip-waiting' });
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at once when no version waits any more (another tab let it take over)', () => {
    applyUpdate(asRegistration(new FakeRegistration()), inControl());
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
