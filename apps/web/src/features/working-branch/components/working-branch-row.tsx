import type { UserInfo } from '@jewel/contract/user';
import { EnvironmentOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { ActionRow } from '../../../components/action-row.tsx';
import { List } from '../../../lib/antd-mobile.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { BranchSheet } from './branch-sheet.tsx';

/**
 * "Branch: Ginza" in the personal center (issue 32), with a sheet of the other open branches the
 * person works at, to work at one of them instead; nothing for one who works at one branch.
 */
export function WorkingBranchRow({ user }: { user: UserInfo }) {
  const { t } = useTranslation('user');
  const [choosing, setChoosing] = useState(false);
  const branches = user.branches ?? [];
  if (branches.length < 2) return null;

  return (
    <>
      <List className="user-center-list" aria-label={t('branch.title')}>
        <ActionRow
          prefix={<EnvironmentOutline aria-hidden />}
          extra={<span data-testid="working-branch">{user.branch?.name ?? t('branch.none')}</span>}
          onClick={() => setChoosing(true)}
        >
          {t('branch.title')}
        </ActionRow>
      </List>
      <BranchSheet user={user} open={choosing} title={t('branch.switch')} onClose={() => setChoosing(false)} />
    </>
  );
}
