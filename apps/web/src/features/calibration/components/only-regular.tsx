import { LockOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { StatusView } from '../../../components/status-view.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';

/** Calibration figures are for regular users; a temporary user is told so rather than refused (PRODUCT.md). */
export function OnlyRegular({ children }: { children: ReactNode }) {
  const { t } = useTranslation('calibration');
  const regular = useAuthStore((state) => state.user !== null && state.user.is_tmp !== 1);
  if (regular) return children;
  return <StatusView icon={<LockOutline />} title={t('only.title')} description={t('only.description')} />;
}
