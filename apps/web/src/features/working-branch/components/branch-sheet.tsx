import type { UserInfo } from '@jewel/contract/user';
import { ChoiceSheet } from '../../../components/choice-sheet.tsx';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useWorkAt } from '../api/working-branch-calls.ts';

/**
 * The open branches a person works at, theirs now marked (issue 32): choosing another works there
 * from now on, said in a toast; a refusal is toasted by the API client and the session stays.
 */
export function BranchSheet({
  user,
  open,
  title,
  onClose,
}: {
  user: UserInfo;
  open: boolean;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('user');
  const workAt = useWorkAt();
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
      onClose={onClose}
      title={title}
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
