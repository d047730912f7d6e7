import { useQuery } from '@tanstack/react-query';
import { Page } from '../../components/page.tsx';
import { userInfoOptions } from '../../features/user-center/api/user-center-queries.ts';
import { ProfileList } from '../../features/user-center/components/profile-list.tsx';
import { useAuthStore } from '../../stores/auth-store.ts';

/** Personal info: change the avatar, name and gender; see the mobile and role. */
export default function UserInfoRoute() {
  useQuery(userInfoOptions());
  const user = useAuthStore((state) => state.user);
  if (!user) return null;
  return (
    <Page>
      <ProfileList user={user} />
    </Page>
  );
}
