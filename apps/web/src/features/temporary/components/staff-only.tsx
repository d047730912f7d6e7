import { LockOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusView } from '../../../components/status-view.tsx';
import { useAuthStore } from '../../../stores/auth-store.ts';

/** Guests cannot make or see links (PRODUCT.md): say so instead of letting the calls fail. */
export function StaffOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation('temporary');
  const isGuest = useAuthStore((state) => state.user?.is_tmp === 1);
  if (isGuest)
    return <StatusView icon={<LockOutline />} title={t('staffOnly.title')} description={t('staffOnly.hint')} />;
  return children;
}
