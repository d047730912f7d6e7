import type { UserInfo } from '@jewel/contract/user';
import type { RoleCode } from '@jewel/contract/values/roles';
import { paths } from '@jewel/contract/values/web-paths';
import { UserSetOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ActionRow } from '../../../components/action-row.tsx';
import { ChoiceSheet } from '../../../components/choice-sheet.tsx';
import { List } from '../../../lib/antd-mobile.ts';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { actingRolesOf, readsOnlyAs } from '../acting-roles.ts';
import { useActAs } from '../api/user-center-mutations.ts';
import '../user-center.css';

/**
 * "Acting as …" (ADR 0104): the counter role this session works as, and a sheet of the others
 * the person may act as, when there are others; shown too when the session reads only (a manager
 * acting as a recorder), so that they know why nothing offers to change. After a switch every screen is
 * read again for the new role, from the home page.
 */
export function ActingRole({ user }: { user: UserInfo }) {
  const { t } = useTranslation('user');
  const navigate = useNavigate();
  const [choosing, setChoosing] = useState(false);
  const actAs = useActAs();
  const roles = actingRolesOf(user);
  const readOnly = user.is_tmp !== 1 && readsOnlyAs(user, user.role_code);
  if (roles.length < 2 && !readOnly) return null;

  const label = (role: RoleCode) =>
    readsOnlyAs(user, role) ? t('acting.readOnly', { role: t(`common:role.${role}`) }) : t(`common:role.${role}`);
  const switchTo = async (role: RoleCode) => {
    if (role === user.role_code) return;
    try {
      await actAs.mutateAsync(role);
      successToast(t('acting.done', { role: label(role) }));
      navigate(paths.home);
    } catch {
      // toasted by the API client
    }
  };

  return (
    <>
      <List className="user-center-list" aria-label={t('acting.title')}>
        {roles.length < 2 ? (
          // Nothing else to act as: said, not offered.
          <List.Item
            prefix={<UserSetOutline aria-hidden />}
            extra={<span data-testid="acting-role">{label(user.role_code)}</span>}
          >
            {t('acting.title')}
          </List.Item>
        ) : (
          <ActionRow
            prefix={<UserSetOutline aria-hidden />}
            extra={<span data-testid="acting-role">{label(user.role_code)}</span>}
            disabled={actAs.isPending}
            onClick={() => setChoosing(true)}
          >
            {t('acting.title')}
          </ActionRow>
        )}
      </List>
      <ChoiceSheet
        open={choosing}
        onClose={() => setChoosing(false)}
        title={t('acting.choose')}
        currentLabel={t('acting.current')}
        choices={roles.map((role) => ({
          key: role,
          label: label(role),
          current: role === user.role_code,
          onChoose: () => void switchTo(role),
        }))}
      />
    </>
  );
}
