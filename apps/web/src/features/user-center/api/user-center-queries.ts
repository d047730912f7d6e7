import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { routes } from '../../../lib/routes.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';

export const userCenterKeys = {
  all: ['user-center'] as const,
  info: () => [...userCenterKeys.all, 'info'] as const,
  genders: () => [...userCenterKeys.all, 'genders'] as const,
  /** The password change mutation, so that its button (in the page footer) can show it running. */
  changePassword: () => [...userCenterKeys.all, 'changePassword'] as const,
};

/** The signed-in user's profile, fresh from the server; the session's copy follows it. */
export function userInfoOptions() {
  return queryOptions({
    queryKey: userCenterKeys.info(),
    queryFn: async ({ signal }) => {
      const user = await call(routes.userInfo, {}, { signal, hideErrorToast: true });
      useAuthStore.getState().setUser(user);
      return user;
    },
    staleTime: 0,
  });
}

/** The gender options of the dictionary (`user.genders`), labelled by the server in the current language. */
export function genderOptions() {
  return queryOptions({
    queryKey: userCenterKeys.genders(),
    queryFn: async ({ signal }) => {
      const dictionary = await call(routes.dictionary, {}, { signal, hideErrorToast: true });
      return (dictionary.user?.genders ?? []).map((option) => ({ value: Number(option.value), label: option.label }));
    },
    staleTime: 10 * 60_000,
  });
}
