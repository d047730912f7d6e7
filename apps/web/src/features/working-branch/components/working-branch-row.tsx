import type { UserInfo } from '@jewel/contract/user';
import { EnvironmentOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { ActionRow } from '../../../components/action-row.tsx';
import { ChoiceSheet } from '../../../components/choice-sheet.tsx';
import { List } from '../../../lib/antd-mobile.ts';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useWorkAt } from '../api/working-branch-calls.ts';

/**
 * "Branch: Ginza" in the personal center (issue 32), with a sheet of the other open branches the
 * person works at, to work at one of them instead; nothing for one who works at one branch.
 */
export function WorkingBranchRow({ user }: { user: UserInfo }) {
  const { t } = useTranslation('user');
  const [choosing, setChoosing] = useState(false);
  const workAt = useWorkAt();
  const branches = user.branches ?? [];
  if (branches.length < 2) return null;

  const switchTo = async (id: number, name: string) => {
    if (id === user.branch?.id) return;
    try {
      await workAt.mutateAsync(id);
      successToast(t('branch.done', { name }));
    } catch {
      // toasted by the API client
    }
  };

  return (
    <>
      <List className="user-center-list" aria-label={t('branch.title')}>
        <ActionRow
          prefix={<EnvironmentOutline aria-hidden />}
          extra={<span data-testid="working-branch">{user.branch?.name ?? t('branch.none')}</span>}
          disabled={workAt.isPending}
          onClick={() => setChoosing(true)}
        >
          {t('branch.title')}
        </ActionRow>
      </List>
      <ChoiceSheet
        open={choosing}
        onClose={() => setChoosing(false)}
        title={t('branch.switch')}
        currentLabel={t('branch.current')}
        choices={branches.map((branch) => ({
          key: String(branch.id),
          label: branch.name,
          current: branch.id === user.branch?.id,
          onChoose: () => void switchTo(branch.id, branch.name),
        }))}
      />
    </>
  );
}
