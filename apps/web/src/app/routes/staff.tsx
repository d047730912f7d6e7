import { StaffScreen } from '../../features/staff/components/staff-screen.tsx';
import '../../features/staff/staff-texts.ts';

/** The shop's staff, for its managers (issue 28); anyone else is told whom it is for. */
export default function StaffRoute() {
  return <StaffScreen />;
}
