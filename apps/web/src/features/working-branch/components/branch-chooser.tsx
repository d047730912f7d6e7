import { useState } from 'react';
import { ChoiceSheet } from '../../../components/choice-sheet.tsx';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useWorkAt } from '../api/working-branch-calls.ts';

/**
 * Right after signing in, a person who works at several branches is asked where they work today
 * (issue 32, docs/adr/0105), the session's branch marked; a choice or a cancel answers it once.
 * Loaded only then (app/require-session.tsx): a one-branch shop never loads it.
 */
export default function BranchChooser() {
  const { t } = useTranslation('user');
  const user = useAuthStore((state) => state.user);
  const workAt = useWorkAt();
  const [open, setOpen] = useState(true);
  if (!user?.branches || user.branches.length < 2) return null;

  const close = () => {
    setOpen(false);
    useAuthStore.setState({ askBranch: false });
  };
  const choose = async (id: number, name: string) => {
    if (id === user.branch?.id) return;
    try {
      await workAt.mutateAsync(id);
      successToast(t('branch.done', { name }));
    } catch {
      // toasted by the API client; the session stays where it was
    }
  };

  return (
    <ChoiceSheet
      open={open}
      onClose={close}
      title={t('branch.choose')}
      currentLabel={t('branch.current')}
      choices={user.branches.map((branch) => ({
        key: String(branch.id),
        label: branch.name,
        current: branch.id === user.branch?.id,
        onChoose: () => void choose(branch.id, branch.name),
      }))}
    />
  );
}
