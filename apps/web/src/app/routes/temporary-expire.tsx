import { paths } from '@jewel/contract/values/web-paths';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Page } from '../../components/page.tsx';
import { LinkExpired } from '../../features/temporary/components/link-expired.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { useAuthStore } from '../../stores/auth-store.ts';

/** An expired, revoked or unknown guest link. Any leftover session ends here, so "back" cannot loop. */
export default function TemporaryExpireRoute() {
  const navigate = useNavigate();
  useEffect(() => {
    useAuthStore.getState().clear();
    queryClient.clear();
  }, []);
  return (
    <Page>
      <LinkExpired onSignIn={() => navigate(paths.login, { replace: true })} />
    </Page>
  );
}
