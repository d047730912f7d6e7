import { paths } from '@jewel/contract/values/web-paths';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Page } from '../../components/page.tsx';
import { LinkExpired } from '../../features/temporary/components/link-expired.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { useAuthStore } from '../../stores/auth-store.ts';

/**
 * An expired, revoked or unknown guest link. Any leftover session ends here, so "back" cannot loop.
 * A guest's end is kept (`guestEnded`): a reload or a page of the app brings them back here, not
 * to login, even when the app found the end by itself while a reload was on its way.
 */
export default function TemporaryExpireRoute() {
  const navigate = useNavigate();
  useEffect(() => {
    const { guestEnded, user, clear } = useAuthStore.getState();
    clear({ guestEnded: guestEnded || user?.is_tmp === 1 });
    queryClient.clear();
  }, []);
  return (
    <Page>
      <LinkExpired onSignIn={() => navigate(paths.login, { replace: true })} />
    </Page>
  );
}
