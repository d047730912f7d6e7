import type { ChangePassword, UserChange, UserInfo } from '@jewel/contract/user';
import type { RoleCode } from '@jewel/contract/values/roles';
import { useMutation } from '@tanstack/react-query';
import { call, uploadImage } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { routes } from '../../../lib/routes.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { userCenterKeys } from './user-center-queries.ts';

/** The user with the field the server confirmed (its answer holds the new value). */
function applyChange(user: UserInfo, changed: Record<string, string | number>): UserInfo {
  const next = { ...user };
  if (typeof changed.name === 'string') next.name = changed.name;
  if (typeof changed.avatar === 'string') next.avatar = changed.avatar;
  if (typeof changed.gender === 'number') next.gender = changed.gender;
  if (typeof changed.country === 'string') next.country = changed.country;
  return next;
}

function saveUser(changed: Record<string, string | number>) {
  const current = useAuthStore.getState().user;
  if (!current) return;
  const next = applyChange(current, changed);
  useAuthStore.getState().setUser(next);
  queryClient.setQueryData(userCenterKeys.info(), next);
}

/** Changes one profile field (`/api/user/change`); the session's user and the profile query follow. */
export function useChangeProfile() {
  return useMutation({
    mutationFn: (change: UserChange) => call(routes.userChange, { body: change }),
    onSuccess: (changed) => saveUser(changed),
  });
}

/** Uploads a photo (with progress) and makes it the avatar. */
export function useChangeAvatar(onProgress: (percent: number) => void) {
  return useMutation({
    mutationFn: async (file: Blob) => {
      const image = await uploadImage(file, { onProgress });
      // The 400 px thumbnail is sharper than any avatar size and much lighter on a slow network.
      return call(routes.userChange, { body: { avatar: image.thumb_url } });
    },
    onSuccess: (changed) => saveUser(changed),
  });
}

/**
 * Acts as another counter role (ADR 0104). Every query is dropped, as at sign-in: what the app
 * read as one role (lists, counts, an item's actions) is read again as the other.
 */
export function useActAs() {
  return useMutation({
    mutationFn: (role: RoleCode) => call(routes.userActingRole, { body: { role } }),
    onSuccess: (user) => {
      queryClient.clear();
      useAuthStore.getState().setUser(user);
      queryClient.setQueryData(userCenterKeys.info(), user);
    },
  });
}

/** Changes the password; the server ends every session of the user, so the caller clears this one. */
export function useChangePassword() {
  return useMutation({
    mutationKey: userCenterKeys.changePassword(),
    mutationFn: (input: ChangePassword) => call(routes.userChangePass, { body: input }),
  });
}
