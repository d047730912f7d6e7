/**
 * The app's stylesheets, preloaded by `index.html` (deferred-styles-plugin.ts), applied; resolves
 * when they are in force (or failed: the app still renders). In development there are none.
 */
export function applyPreloadedStyles(): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
          link.rel = 'stylesheet';
        }),
    ),
  ).then(() => undefined);
}
