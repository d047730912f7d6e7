import { LockOutline } from 'antd-mobile-icons';
import { isManager, useAuthStore } from '../stores/auth-store.ts';
import { StatusView } from './status-view.tsx';

/** Whether the signed-in user manages the shop (`isManager`). */
export function useIsManager(): boolean {
  return useAuthStore(isManager);
}

/**
 * A managers' page (the staff, the shop's details) says whom it is for rather than meet the
 * server's refusal (`managersOnly`), in its own words (`title`, `description`).
 */
export function ManagersOnly({ title, description }: { title: string; description: string }) {
  return <StatusView icon={<LockOutline />} title={title} description={description} />;
}
