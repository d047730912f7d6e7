import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../lib/antd-mobile.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { passkeyObstacle } from '../../../lib/passkeys.ts';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../passkey-texts.ts';

/** The WebAuthn code, loaded at the first tap or when the browser offers passkeys in autofill. */
const ceremony = () => import('../passkey-sign-in.ts');

interface PasskeySignInButtonProps {
  agreed: boolean;
  onAgreementMissing: () => void;
  onSignedIn: () => void;
}

/** The button where the page can use passkeys; nothing elsewhere (`passkeyObstacle`). */
export default function PasskeySignIn(props: PasskeySignInButtonProps) {
  return passkeyObstacle() === null ? <PasskeySignInButton {...props} /> : null;
}

/**
 * "Sign in with a passkey" (ADR 0103), at the foot of the sign-in form, under the agreement it
 * needs too; loaded after the sign-in page's first paint (login-form.tsx). Where the browser offers
 * them in autofill (conditional UI), the mobile field's suggestions hold the phone's passkeys
 * from then on; the button ends that offer while its own prompt is open, and leaving the page
 * ends both. The agreement must be ticked first, as for the password.
 */
function PasskeySignInButton({ agreed, onAgreementMissing, onSignedIn }: PasskeySignInButtonProps) {
  const { t } = useTranslation('passkey');
  const [busy, setBusy] = useState(false);
  // The autofill's offer outlives renders: it reads the form as it is when a passkey is picked.
  const now = useRef({ agreed, onAgreementMissing, onSignedIn });
  now.current = { agreed, onAgreementMissing, onSignedIn };
  const autofill = useRef<AbortController | null>(null);
  /** An offer ended on a passkey picked before the agreement was ticked: offered again once it is. */
  const waitingForAgreement = useRef(false);

  /** Offers the phone's passkeys in the mobile field's autofill, where the browser can, until aborted. */
  const offerInAutofill = async () => {
    autofill.current?.abort();
    const controller = new AbortController();
    autofill.current = controller;
    if (!(await window.PublicKeyCredential?.isConditionalMediationAvailable?.().catch(() => false))) return;
    const { offerInAutofill: offer } = await ceremony();
    if (controller.signal.aborted) return;
    const end = await offer(controller.signal, () => now.current.agreed);
    if (end === 'signed-in') now.current.onSignedIn();
    else if (end === 'agreement') {
      waitingForAgreement.current = true;
      now.current.onAgreementMissing();
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: offered once the button is there, ended when the page goes
  useEffect(() => {
    void offerInAutofill();
    return () => autofill.current?.abort();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the agreement alone
  useEffect(() => {
    if (!agreed || !waitingForAgreement.current) return;
    waitingForAgreement.current = false;
    void offerInAutofill();
  }, [agreed]);

  const signIn = async () => {
    if (!agreed) {
      onAgreementMissing();
      return;
    }
    autofill.current?.abort();
    setBusy(true);
    let signedIn = false;
    try {
      signedIn = await (await ceremony()).signInWithPasskey();
    } catch (error) {
      // The server's refusals are toasted by the API client; the browser's are said here.
      if (!(error instanceof ApiError)) toast(t('signIn.failed'));
    } finally {
      setBusy(false);
    }
    if (signedIn) onSignedIn();
    else void offerInAutofill();
  };

  return (
    <div className="login-form__passkey">
      <Button block size="large" fill="outline" color="primary" loading={busy} onClick={signIn}>
        {t('signIn.button')}
      </Button>
    </div>
  );
}
