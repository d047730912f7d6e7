import { PasskeysScreen } from '../../features/passkey/components/passkeys-screen.tsx';
import '../../features/passkey/passkey-texts.ts';

/** The member's passkeys (ADR 0103), from the personal center. */
export default function PasskeysRoute() {
  return <PasskeysScreen />;
}
