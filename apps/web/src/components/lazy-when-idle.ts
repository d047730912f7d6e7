import { type ComponentType, lazy, useEffect } from 'react';
import { whenIdle } from '../lib/when-idle.ts';

/**
 * A component kept out of the page's own code (a picker's wheel, the photo viewer: each brings
 * antd-mobile's popup and a few files more, and asking for every file costs the phone's main
 * thread): its code loads once the page is idle, or when it is first shown, whichever comes
 * first. The page makes it at its first use (docs/decisions.md "Every main page fast on a phone").
 */
export function lazyWhenIdle<P extends object>(load: () => Promise<ComponentType<P>>) {
  let code: Promise<ComponentType<P>> | undefined;
  const fetch = () => {
    // A failed load (the network gone before the service worker kept the file) is tried again next time.
    code ??= load().catch((error: unknown) => {
      code = undefined;
      throw error;
    });
    return code;
  };
  const fetchQuietly = () => void fetch().catch(() => undefined);
  const Component = lazy(() => fetch().then((component) => ({ default: component })));
  /** Loads the code when the page is idle (lib/when-idle.ts). */
  function useLoadWhenIdle() {
    useEffect(() => whenIdle(fetchQuietly), []);
  }
  return { Component, useLoadWhenIdle };
}
