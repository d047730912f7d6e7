import { lazy, Suspense } from 'react';
import LiveEvents from '../features/live/live-events.tsx';
import { useAuthStore } from '../stores/auth-store.ts';

/**
 * Where to work today, asked right after signing in of one who works at several branches (issue
 * 32): its code loads only then, never in a one-branch shop.
 */
const BranchChooser = lazy(() => import('../features/working-branch/components/branch-chooser.tsx'));

/**
 * What every signed-in page starts once the browser is idle after its first paint
 * (require-session.tsx): the live event stream, and right after a sign-in the branch chooser.
 * Neither is on the way to the first paint, and their lazy imports stay out of the app's entry
 * (first-load.mjs `AFTER_IDLE_MODULES`).
 */
export default function SignedInIdle() {
  const askBranch = useAuthStore((state) => state.askBranch && (state.user?.branches?.length ?? 0) > 1);
  return (
    <>
      <LiveEvents />
      {askBranch ? (
        <Suspense fallback={null}>
          <BranchChooser />
        </Suspense>
      ) : null}
    </>
  );
}
