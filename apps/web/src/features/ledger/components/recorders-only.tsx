import { LockOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { StatusView } from '../../../components/status-view.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';

/** Whether the signed-in user is a staff recorder, who alone reads the ledger (PRODUCT.md). */
export function useIsStaffRecorder(): boolean {
  return useAuthStore((state) => state.user?.role_code === 'recorder' && state.user.is_tmp !== 1);
}

/** The ledger's pages say whom they are for rather than meet a refusal. */
export function RecordersOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation('ledger');
  if (useIsStaffRecorder()) return children;
  return <StatusView icon={<LockOutline />} title={t('only.title')} description={t('only.description')} />;
}
