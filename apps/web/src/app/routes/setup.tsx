import { paths } from '@jewel/contract/values/web-paths';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { SetupScreen } from '../../features/setup/components/setup-screen.tsx';
import '../../features/setup/setup-texts.ts';

/** An empty shop's first page (issue 28): once set up, or running the demo, sign-in follows. */
export default function SetupRoute() {
  const navigate = useNavigate();
  const leave = useCallback(
    (demo: boolean) => {
      // The demo banner follows the server's mark on the page (root-layout.tsx), read at start-up:
      // a page without it loads again, and the server marks it.
      if (demo && document.documentElement.dataset.shop !== 'demo') window.location.replace(paths.login);
      else navigate(paths.login, { replace: true });
    },
    [navigate],
  );
  return <SetupScreen onLeave={leave} />;
}
