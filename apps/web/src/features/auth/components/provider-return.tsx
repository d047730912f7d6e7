import { paths } from '@jewel/contract/values/web-paths';
import { CloseShieldOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { StatusView } from '../../../components/status-view.tsx';
import { Button, DotLoading } from '../../../lib/antd-mobile.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { safeRedirect } from '../../../lib/safe-redirect.ts';
import { finishBinding, type PendingRequest, takeRequest } from '../../../lib/sign-in-providers.ts';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { finishSignIn } from '../provider-sign-in.ts';

type Outcome =
  | { kind: 'working'; purpose: PendingRequest['purpose'] }
  | { kind: 'failed'; purpose: PendingRequest['purpose']; why: string };

/**
 * The page a provider sends the browser back to (ADR 0103), `?code=…&state=…`: the state must be
 * the one this tab kept when it left (a sign-in started elsewhere, or one past its ten minutes, is
 * not finished here). Then the code goes to the server once: signed in, the app opens where the
 * sign-in page would have gone; bound, the personal center's page. A refusal is said on the page,
 * with the way back.
 */
export function ProviderReturn() {
  const { t } = useTranslation('sign-in-provider');
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working', purpose: 'sign-in' });
  const started = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on the address it came back to
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const url = new URL(window.location.href);
    const code = url.searchParams.get('code');
    const state = url.searchParams.get('state');
    const request = takeRequest();
    const purpose = request?.purpose ?? 'sign-in';
    setOutcome({ kind: 'working', purpose });
    const fail = (why: string) => setOutcome({ kind: 'failed', purpose, why });
    if (!request || !state || request.state !== state) return fail(t('return.mismatch'));
    if (!code) return fail(t('return.cancelled'));
    const result = { state, code, callbackUrl: url.href };
    const done =
      request.purpose === 'bind'
        ? finishBinding(result).then((binding) => {
            successToast(t('methods.boundToast', { name: binding.name }));
            navigate(paths.signInMethods, { replace: true });
          })
        : finishSignIn(request.provider, result).then(() => {
            successToast(t('common:success.login'));
            navigate(safeRedirect(request.redirect), { replace: true });
          });
    done.catch((error: unknown) => fail(error instanceof ApiError ? error.message : t('return.failed')));
  }, []);

  if (outcome.kind === 'working') {
    return (
      <StatusView
        icon={<DotLoading color="primary" />}
        title={t(outcome.purpose === 'bind' ? 'return.binding' : 'return.signingIn')}
      />
    );
  }
  const binding = outcome.purpose === 'bind';
  return (
    <StatusView
      icon={<CloseShieldOutline />}
      title={t(binding ? 'return.bindFailedTitle' : 'return.failedTitle')}
      description={outcome.why}
    >
      <Button
        color="primary"
        fill="outline"
        onClick={() => navigate(binding ? paths.signInMethods : paths.login, { replace: true })}
      >
        {t(binding ? 'return.backToMethods' : 'return.backToSignIn')}
      </Button>
    </StatusView>
  );
}
