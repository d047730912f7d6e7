import { BranchesScreen } from '../../features/branches/components/branches-screen.tsx';
import '../../features/branches/branches-texts.ts';
import '../../features/setup/setup-texts.ts';

/**
 * The shop's branches, for their managers (issue 32); anyone else is told whom it is for. Its
 * form reads the setup namespace's zone names and problems, the rest its own (branches): both add
 * themselves here.
 */
export default function BranchesRoute() {
  return <BranchesScreen />;
}
