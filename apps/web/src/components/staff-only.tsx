import { LockOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useAuthStore } from '../stores/auth-store.ts';
import { StatusView } from './status-view.tsx';

/**
 * What a temporary user (a guest, PRODUCT.md) may not use is said so instead of meeting errors:
 * the page tells why in its own words (`title`, `description`). `quiet`: for a page's actions
 * (navigation bar, footer), which a guest simply does not get.
 */
export function StaffOnly(
  props: { children: ReactNode } & ({ quiet: true } | { quiet?: false; title: string; description: string }),
) {
  const guest = useIsGuest();
  if (!guest) return props.children;
  if (props.quiet) return null;
  return <StatusView icon={<LockOutline />} title={props.title} description={props.description} />;
}

export function useIsGuest(): boolean {
  return useAuthStore((state) => state.user?.is_tmp === 1);
}
