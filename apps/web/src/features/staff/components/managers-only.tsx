import { LockOutline } from 'antd-mobile-icons';
import { StatusView } from '../../../components/status-view.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';

/** Whether the signed-in user manages the shop (`is_manager` of their user info), who alone sees its staff. */
export function useIsManager(): boolean {
  return useAuthStore((state) => state.user?.is_manager === 1 && state.user.is_tmp !== 1);
}

/** The staff page says whom it is for rather than meet the server's refusal (`managersOnly`). */
export function ManagersOnly() {
  const { t } = useTranslation('staff');
  return <StatusView icon={<LockOutline />} title={t('only.title')} description={t('only.description')} />;
}
