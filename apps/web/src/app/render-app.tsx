import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { type createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './providers.tsx';

/**
 * React DOM and the app's providers, in a module of their own: `main.tsx` loads it at once but it
 * runs in a task after the entry's, so that the phone is not blocked by one long start-up task.
 * The first render is a transition: React renders it in slices and lets the phone answer meanwhile.
 */
export function renderApp(rootElement: HTMLElement, router: ReturnType<typeof createBrowserRouter>) {
  const root = createRoot(rootElement);
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
}
