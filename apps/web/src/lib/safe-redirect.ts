import { paths } from '@jewel/contract/values/web-paths';

/** Only paths of this app: `redirect=//evil.example` or a full URL goes home instead. */
export function safeRedirect(target: string | null | undefined): string {
  return target?.startsWith('/') && !target.startsWith('//') ? target : paths.home;
}
