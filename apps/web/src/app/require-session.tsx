import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { hasSession, useAuthStore } from '../stores/auth-store.ts';

/** Loaded beside the first page rather than in the app's entry: login never needs it. */
const LiveEvents = lazy(() => import('../features/live/live-events.tsx'));

/**
 * Every page but login and the guest pages needs a signed-in user with a name; anyone else
 * goes to login, with `redirect` holding where they were going (SPEC.md §2). Checked on every
 * route change and whenever the session changes.
 */
export function RequireSession() {
  const signedIn = useAuthStore(hasSession);
  const guestEnded = useAuthStore((state) => state.guestEnded);
  const location = useLocation();
  // A guest whose link expired or was revoked lands on the expire page, never on login (SPEC.md §4).
  if (!signedIn && guestEnded) return <Navigate to={paths.temporaryExpire} replace />;
  if (!signedIn) {
    const target = `${location.pathname}${location.search}`;
    return <Navigate to={withQuery(paths.login, { redirect: target })} replace />;
  }
  return (
    <>
      {/* One live event stream for every signed-in page (unread badge, lists, dashboard counts). */}
      <Suspense fallback={null}>
        <LiveEvents />
      </Suspense>
      <Outlet />
    </>
  );
}
