import { paths } from '@jewel/contract/values/web-paths';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Page } from '../../components/page.tsx';
import { APP_VERSION } from '../../config/env.ts';
import { useLogout } from '../../features/auth/api/auth-mutations.ts';
import { unreadCountOptions } from '../../features/notification/api/notification-queries.ts';
import { userInfoOptions } from '../../features/user-center/api/user-center-queries.ts';
import { ActingRole } from '../../features/user-center/components/acting-role.tsx';
import { ProfileCard } from '../../features/user-center/components/profile-card.tsx';
import { UserCenterMenu } from '../../features/user-center/components/user-center-menu.tsx';
import { WorkingBranchRow } from '../../features/working-branch/components/working-branch-row.tsx';
import { Dialog } from '../../lib/dialog.ts';
import { outboxCount, useOutbox } from '../../lib/outbox-store.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useAuthStore } from '../../stores/auth-store.ts';
import '../../features/user-center/user-center.css';

/** Personal center (tab): who is signed in, and the way to profile, password, language, notifications, links and logout. */
export default function UserCenterRoute() {
  const { t } = useTranslation('user');
  const navigate = useNavigate();
  // The session's copy shows at once; the server's fresh one replaces it (a changed name shows).
  useQuery({ ...userInfoOptions(), refetchOnMount: 'always' });
  const user = useAuthStore((state) => state.user);
  const unread = useQuery(unreadCountOptions()).data ?? 0;
  const logout = useLogout();

  const confirmLogout = async () => {
    // Unsent outbox entries stay for their owner alone (docs/decisions.md "A shared phone keeps
    // nothing of the last user"): the user is told before leaving.
    const unsent = outboxCount(useOutbox.getState());
    const confirmed = await Dialog.confirm({
      title: t('center.logout'),
      content:
        unsent > 0 ? (
          <>
            <p>{t('common:logoutConfirm')}</p>
            <p>{t('center.logoutKeepsOutbox', { count: unsent })}</p>
          </>
        ) : (
          t('common:logoutConfirm')
        ),
      confirmText: <span className="danger-text">{t('center.logout')}</span>,
      cancelText: t('common:cancel'),
    });
    if (!confirmed) return;
    await logout.mutateAsync();
    navigate(paths.login, { replace: true });
  };

  if (!user) return null;
  return (
    <Page>
      <ProfileCard user={user} />
      <ActingRole user={user} />
      <WorkingBranchRow user={user} />
      <UserCenterMenu
        temporary={user.is_tmp === 1}
        readOnly={user.read_only === 1}
        manager={user.is_manager === 1 && user.is_tmp !== 1}
        unread={unread}
        onLogout={confirmLogout}
      />
      <p className="muted user-center-version">{t('center.version', { version: APP_VERSION })}</p>
    </Page>
  );
}
