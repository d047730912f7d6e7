import { LockOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { StatusView } from '../../../components/status-view.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';

/** Whether the signed-in user is the shop's own staff (not a guest), who alone print tags. */
export function useIsStaff(): boolean {
  return useAuthStore((state) => state.user !== null && state.user.is_tmp !== 1);
}

/** The tags page says whom it is for rather than meet a refusal. */
export function StaffOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation('tag');
  if (useIsStaff()) return children;
  return (
    <StatusView
      icon={<LockOutline />}
      title={t('tags.staffOnly.title')}
      description={t('tags.staffOnly.description')}
    />
  );
}
