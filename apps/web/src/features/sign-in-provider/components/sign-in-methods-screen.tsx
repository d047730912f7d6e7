import type { SignInBinding, SignInProvider } from '@jewel/contract/sign-in';
import { useQuery } from '@tanstack/react-query';
import { UnlockOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { Page } from '../../../components/page.tsx';
import { PromptDialog } from '../../../components/prompt-dialog.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../../components/state-views.tsx';
import { StatusView } from '../../../components/status-view.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { Dialog } from '../../../lib/dialog.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { providerMethodsOptions } from '../../../lib/sign-in-providers.ts';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { bindingListOptions, startBinding, useUnbind } from '../api/binding-calls.ts';

/**
 * The member's accounts at the shop's sign-in providers (ADR 0103): each provider, bound or not.
 * Binding asks for the member's password, then sends the browser to the provider, which sends it
 * back to the return page; unbinding asks first. A guest has none and is told so.
 */
export function SignInMethodsScreen() {
  const { t } = useTranslation('sign-in-provider');
  const temporary = useAuthStore((state) => state.user?.is_tmp === 1);
  if (temporary) {
    return (
      <Page>
        <StatusView icon={<UnlockOutline />} title={t('methods.guestTitle')} description={t('methods.guestHint')} />
      </Page>
    );
  }
  return <SignInMethods />;
}

function SignInMethods() {
  const { t } = useTranslation('sign-in-provider');
  const methods = useQuery(providerMethodsOptions());
  const bindings = useQuery(bindingListOptions());
  const [binding, setBinding] = useState<SignInProvider | null>(null);
  const unbind = useUnbind();

  const bind = async (provider: SignInProvider, password: string) => {
    try {
      await startBinding(provider.key, password);
    } catch {
      // A wrong password is toasted by the API client; the dialog stays for another try.
    }
  };

  const confirmUnbind = async (provider: SignInProvider) => {
    const confirmed = await Dialog.confirm({
      title: t('methods.unbindTitle', { name: provider.name }),
      content: t('methods.unbindText'),
      confirmText: <span className="danger-text">{t('methods.unbind')}</span>,
      cancelText: t('common:cancel'),
    });
    if (!confirmed) return;
    try {
      await unbind.mutateAsync(provider.key);
      successToast(t('methods.unbound'));
    } catch {
      // toasted by the API client
    }
  };

  const loading = methods.isPending || bindings.isPending;
  const failed = (methods.isError && !methods.data) || (bindings.isError && !bindings.data);
  const providers = methods.data?.providers ?? [];

  return (
    <Page>
      <div className="sign-in-methods">
        <p className="sign-in-methods__intro">{t('methods.intro')}</p>
        {loading ? (
          <LoadingRows rows={2} />
        ) : failed ? (
          <LoadError
            onRetry={() => {
              void methods.refetch();
              void bindings.refetch();
            }}
          />
        ) : providers.length === 0 ? (
          <EmptyState title={t('methods.none')} description={t('methods.noneHint')} />
        ) : (
          <ul className="sign-in-methods__list" aria-label={t('methods.listLabel')}>
            {providers.map((provider) => (
              <ProviderCard
                key={provider.key}
                provider={provider}
                binding={bindings.data?.find((row) => row.provider === provider.key)}
                onBind={() => setBinding(provider)}
                onUnbind={() => void confirmUnbind(provider)}
              />
            ))}
          </ul>
        )}
      </div>
      <PromptDialog
        visible={binding !== null}
        title={t('methods.passwordTitle')}
        description={binding ? t('methods.passwordHint', { name: binding.name }) : undefined}
        password
        validate={(value) => value.length > 0}
        errorText={t('errors:cannotBeEmpty')}
        onConfirm={(password) => (binding ? bind(binding, password) : undefined)}
        onCancel={() => setBinding(null)}
      />
    </Page>
  );
}

function ProviderCard({
  provider,
  binding,
  onBind,
  onUnbind,
}: {
  provider: SignInProvider;
  binding: SignInBinding | undefined;
  onBind: () => void;
  onUnbind: () => void;
}) {
  const { t } = useTranslation('sign-in-provider');
  const { name } = provider;
  return (
    <li className="card provider-card" data-testid="provider-row">
      <div className="provider-card__text">
        <h2 className="provider-card__name">{name}</h2>
        {binding ? (
          <>
            <p className="provider-card__meta">{t('methods.bound', { date: formatDateTime(binding.created_at) })}</p>
            <p className="provider-card__meta">
              {binding.last_used_at
                ? t('methods.lastUsed', { date: formatDateTime(binding.last_used_at) })
                : t('methods.neverUsed')}
            </p>
          </>
        ) : (
          <p className="provider-card__meta">{t('methods.notBound')}</p>
        )}
      </div>
      {binding ? (
        <Button
          size="small"
          fill="none"
          color="danger"
          aria-label={t('methods.unbindNamed', { name })}
          onClick={onUnbind}
        >
          {t('methods.unbind')}
        </Button>
      ) : (
        <Button
          size="small"
          fill="outline"
          color="primary"
          aria-label={t('methods.bindNamed', { name })}
          onClick={onBind}
        >
          {t('methods.bind')}
        </Button>
      )}
    </li>
  );
}
