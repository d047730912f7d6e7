import { paths } from '@jewel/contract/values/web-paths';
import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Page } from '../../components/page.tsx';
import { userCenterKeys } from '../../features/user-center/api/user-center-queries.ts';
import { PASSWORD_FORM_ID, PasswordForm } from '../../features/user-center/components/password-form.tsx';
import { Button, ErrorBlock } from '../../lib/antd-mobile.ts';
import { queryClient } from '../../lib/query-client.ts';
import { successToast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useAuthStore } from '../../stores/auth-store.ts';

/** Change password; on success every session of the user has ended, so this one is cleared and login follows. */
export default function UpdatePasswordRoute() {
  const { t } = useTranslation('user');
  const navigate = useNavigate();
  const temporary = useAuthStore((state) => state.user?.is_tmp === 1);
  const saving = useIsMutating({ mutationKey: userCenterKeys.changePassword() }) > 0;

  const changedRef = useRef(false);

  // The session is cleared once login has replaced this page: cleared earlier, the session guard
  // around this page would send the user to login with a redirect back here.
  useEffect(
    () => () => {
      if (!changedRef.current) return;
      useAuthStore.getState().clear();
      queryClient.clear();
      void import('../../lib/shared-phone.ts').then((phone) => phone.signedOut());
    },
    [],
  );

  const changed = () => {
    changedRef.current = true;
    successToast(t('common:success.passwordChanged'));
    navigate(paths.login, { replace: true });
  };

  if (temporary) {
    return (
      <Page>
        <ErrorBlock status="empty" title={t('password.temporaryTitle')} description={t('password.temporaryHint')} />
      </Page>
    );
  }

  return (
    <Page
      footer={
        <Button block color="primary" size="large" type="submit" form={PASSWORD_FORM_ID} loading={saving}>
          {t('password.submit')}
        </Button>
      }
    >
      <PasswordForm onChanged={changed} />
    </Page>
  );
}
