import type { Plugin } from 'vite';

/**
 * The built `index.html` links the app's stylesheets as preloads instead of render-blocking
 * stylesheets: the browser fetches them at once but paints the frame of `index.html` (inline
 * styles) without waiting for them. `main.tsx` turns them into stylesheets and waits for them
 * before the app renders (`lib/styles.ts`), so the app never shows unstyled.
 */
export function deferredStyles(): Plugin {
  return {
    name: 'jewel-deferred-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(/<link rel="stylesheet"((?: crossorigin)?) href=/g, '<link rel="preload" as="style"$1 href='),
    },
  };
}
