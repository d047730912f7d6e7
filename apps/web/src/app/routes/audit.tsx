import { AuditScreen } from '../../features/audit/components/audit-screen.tsx';
import '../../features/audit/audit-texts.ts';

/** The audit trail, for the shop's managers (issue 28 item 7); anyone else is told whom it is for. */
export default function AuditRoute() {
  return <AuditScreen />;
}
