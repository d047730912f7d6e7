import { OperationsScreen } from '../../features/operations/components/operations-screen.tsx';
import '../../features/operations/operations-texts.ts';

/** Operations, for the shop's managers (issue 28 item 8); anyone else is told whom it is for. */
export default function OperationsRoute() {
  return <OperationsScreen />;
}
