import { SignInMethodsScreen } from '../../features/sign-in-provider/components/sign-in-methods-screen.tsx';
import '../../lib/sign-in-provider-texts.ts';
import '../../features/sign-in-provider/sign-in-provider.css';

/** The member's accounts at sign-in providers (ADR 0103), from the personal center. */
export default function SignInMethodsRoute() {
  return <SignInMethodsScreen />;
}
