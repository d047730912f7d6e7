import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { whenIdle } from '../lib/when-idle.ts';
import { hasSession, useAuthStore } from '../stores/auth-store.ts';

/**
 * The live event stream, started once the browser is idle after the first page (login never
 * needs it): it is updates, not what the page shows first, and it would compete with the page's
 * own requests on a slow network. What the page read before it opens is fetched again then
 * (features/live/live-stream.ts `connected`). With it, right after a sign-in, the question of
 * where to work today (issue 32) for one who works at several branches (signed-in-idle.tsx).
 */
const SignedInIdle = lazy(() => import('./signed-in-idle.tsx'));

function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}

/**
 * Every page but login and the guest pages needs a signed-in user with a name; anyone else
 * goes to login, with `redirect` holding where they were going (SPEC.md §2). Checked on every
 * route change and whenever the session changes.
 */
export function RequireSession() {
  const signedIn = useAuthStore(hasSession);
  const guestEnded = useAuthStore((state) => state.guestEnded);
  const location = useLocation();
  const idle = useIdle();
  // A guest whose link expired or was revoked lands on the expire page, never on login (SPEC.md §4).
  if (!signedIn && guestEnded) return <Navigate to={paths.temporaryExpire} replace />;
  if (!signedIn) {
    const target = `${location.pathname}${location.search}`;
    return <Navigate to={withQuery(paths.login, { redirect: target })} replace />;
  }
  return (
    <>
      {/* One live event stream for every signed-in page (unread badge, lists, dashboard counts). */}
      {idle ? (
        <Suspense fallback={null}>
          <SignedInIdle />
        </Suspense>
      ) : null}
      <Outlet />
    </>
  );
}
