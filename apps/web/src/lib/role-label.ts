import type { UserInfo } from '@jewel/contract/user';
import type { TFunction } from './i18n.ts';

/**
 * The user's role in the reader's language, from its code: the name the server sent went with the
 * language of the call that fetched the user, which may not be the one chosen since.
 */
export function roleLabel(t: TFunction, user: Pick<UserInfo, 'is_tmp' | 'role_code'>): string {
  return t(user.is_tmp === 1 ? `common:role.temporary.${user.role_code}` : `common:role.${user.role_code}`);
}
