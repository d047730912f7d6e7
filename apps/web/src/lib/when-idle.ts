/**
 * Runs `run` once the browser is idle after what the page is doing (at the latest after 5 s),
 * or after a second where the browser cannot say (Safari); answers how to call it off. For what
 * may wait for the page: the offline parts, the live event stream, code a tap will need.
 */
export function whenIdle(run: () => void): () => void {
  if (!('requestIdleCallback' in window)) {
    const timer = setTimeout(run, 1000);
    return () => clearTimeout(timer);
  }
  const idle = window.requestIdleCallback(run, { timeout: 5000 });
  return () => window.cancelIdleCallback(idle);
}
