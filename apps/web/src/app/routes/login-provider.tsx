import { Page } from '../../components/page.tsx';
import { ProviderReturn } from '../../features/auth/components/provider-return.tsx';
import '../../lib/sign-in-provider-texts.ts';

/** Where a sign-in provider sends the browser back (ADR 0103). */
export default function LoginProviderRoute() {
  return (
    <Page>
      <ProviderReturn />
    </Page>
  );
}
