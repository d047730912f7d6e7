import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { BranchSheet } from './branch-sheet.tsx';

/**
 * Right after signing in, a person who works at several branches is asked where they work today
 * (issue 32, docs/adr/0105), the session's branch marked; a choice or a cancel answers it once.
 * Loaded only then (app/require-session.tsx): a one-branch shop never loads it.
 */
export default function BranchChooser() {
  const { t } = useTranslation('user');
  const user = useAuthStore((state) => state.user);
  const [open, setOpen] = useState(true);
  if (!user?.branches || user.branches.length < 2) return null;

  const close = () => {
    setOpen(false);
    useAuthStore.setState({ askBranch: false });
  };
  return <BranchSheet user={user} open={open} title={t('branch.choose')} onClose={close} />;
}
