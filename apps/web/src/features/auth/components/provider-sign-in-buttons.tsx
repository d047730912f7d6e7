import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../lib/antd-mobile.ts';
import { providerMethodsOptions } from '../../../lib/sign-in-providers.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../../../lib/sign-in-provider-texts.ts';
import { startSignIn } from '../provider-sign-in.ts';

interface ProviderSignInButtonsProps {
  agreed: boolean;
  onAgreementMissing: () => void;
  /** Where to go once signed in (the sign-in page's `redirect`). */
  redirect: string | undefined;
}

/**
 * "Sign in with WeChat", "…with LINE"… (ADR 0103): one button per provider the shop configured,
 * none when it configured none or the list cannot be read; loaded after the sign-in page's first
 * paint (login-form.tsx). A tap sends the browser to the provider; it comes back to the return
 * page. The agreement must be ticked first, as for the password.
 */
export default function ProviderSignInButtons({ agreed, onAgreementMissing, redirect }: ProviderSignInButtonsProps) {
  const { t } = useTranslation('sign-in-provider');
  const methods = useQuery(providerMethodsOptions());
  const [leaving, setLeaving] = useState<string | null>(null);
  const providers = methods.data?.providers ?? [];
  if (providers.length === 0) return null;

  const signIn = async (provider: string) => {
    if (!agreed) {
      onAgreementMissing();
      return;
    }
    setLeaving(provider);
    try {
      await startSignIn(provider, redirect);
    } catch {
      // The server's refusal (not configured, unreachable) is toasted by the API client.
      setLeaving(null);
    }
  };

  return (
    <ul className="provider-buttons" aria-label={t('signIn.listLabel')}>
      {providers.map((provider) => (
        <li key={provider.key}>
          <Button
            block
            size="large"
            fill="outline"
            loading={leaving === provider.key}
            disabled={leaving !== null && leaving !== provider.key}
            onClick={() => void signIn(provider.key)}
          >
            {t('signIn.with', { name: provider.name })}
          </Button>
        </li>
      ))}
    </ul>
  );
}
