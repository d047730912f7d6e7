import { ROLE_CODES, type RoleCode } from '@jewel/contract/values/roles';
import { paths } from '@jewel/contract/values/web-paths';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { useEnterAsGuest } from '../../features/auth/api/auth-mutations.ts';
import { GuestEntry } from '../../features/temporary/components/guest-entry.tsx';
import { isApiError } from '../../lib/is-api-error.ts';
import { toast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The guest entry of a shared link: `?role=recorder|valuers&id=<uuid>` (SPEC.md §2). */
export default function TemporaryRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const enter = useEnterAsGuest();
  const id = search.get('id') ?? '';
  const roleParam = search.get('role');
  const role: RoleCode | null = ROLE_CODES.find((code) => code === roleParam) ?? null;

  // Without a well-formed id there is no link to use.
  if (!UUID.test(id)) return <Navigate to={paths.temporaryExpire} replace />;

  const onEnter = (name: string | undefined) =>
    enter.mutate(
      { uuid: id, name },
      {
        // The guest session replaces whatever session was there (signIn in useEnterAsGuest).
        onSuccess: () => navigate(paths.home, { replace: true }),
        onError: (error) => {
          if (isApiError(error, 'temporaryLinkInvalid')) {
            navigate(paths.temporaryExpire, { replace: true });
          } else {
            toast(error.message || t('errors:request'));
          }
        },
      },
    );

  return (
    <Page>
      <GuestEntry key={id} role={role} onEnter={onEnter} entering={enter.isPending} />
    </Page>
  );
}
