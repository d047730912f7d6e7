import { LockOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusView } from '../../../components/status-view.tsx';
import { useAuthStore } from '../../../stores/auth-store.ts';

/**
 * The data base is the shop's (PRODUCT.md): a temporary user is told so instead of meeting errors.
 * `quiet`: for a page's actions (navigation bar, footer), which a guest simply does not get.
 */
export function StaffOnly({ children, quiet }: { children: ReactNode; quiet?: boolean }) {
  const { t } = useTranslation('information');
  const guest = useIsGuest();
  if (guest && quiet) return null;
  if (guest) return <StatusView icon={<LockOutline />} title={t('guest.title')} description={t('guest.description')} />;
  return <>{children}</>;
}

export function useIsGuest(): boolean {
  return useAuthStore((state) => state.user?.is_tmp === 1);
}
