import type { StaffChange, StaffMember } from '@jewel/contract/staff';
import { MoreOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { type Choice, ChoiceSheet } from '../../../components/choice-sheet.tsx';
import { Tag } from '../../../lib/antd-mobile.ts';
import { Dialog } from '../../../lib/dialog.ts';
import { formatRelative } from '../../../lib/format.ts';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useChangeMember, useResetPassword } from '../api/staff-queries.ts';
import { dialogsClosed } from '../dialogs-closed.ts';
import { actionsFor, rolesOf, type StaffAction, type StaffRole, splitRoles, toggledRoles } from '../staff-model.ts';
import { showPasswordOnce } from './password-once.tsx';
import { StaffBranchesButton, StaffBranchNames } from './staff-branches.tsx';
import { StaffSignInButton } from './staff-sign-in.tsx';
import '../staff.css';

/**
 * The actions a manager takes on a member other than themselves (a role given or taken: recorder,
 * valuer, manager; enabled; password), from a button opening a sheet; nothing on oneself. On the card and in the table's row.
 */
export function StaffActions({ member, self }: { member: StaffMember; self: boolean }) {
  const { t } = useTranslation('staff');
  const [choosing, setChoosing] = useState(false);
  const change = useChangeMember();
  const reset = useResetPassword();
  const busy = change.isPending || reset.isPending;
  const actions = actionsFor(member, self ? member.id : undefined);
  const role = (code: StaffRole) => (code === 'manager' ? t('tags.manager') : t(`common:role.${code}`));
  const holds = (code: StaffRole) => rolesOf(member).includes(code);

  /** Asks first, naming what happens; the server's refusal (`lastManager`…) is toasted by the API client. */
  const confirmThen = async (
    title: string,
    content: string,
    confirmText: ReactNode,
    body: StaffChange,
    done: string,
  ) => {
    const confirmed = await Dialog.confirm({ title, content, confirmText, cancelText: t('common:cancel') });
    if (!confirmed) return;
    try {
      await change.mutateAsync({ id: member.id, body });
      successToast(done);
    } catch {
      // toasted by the API client
    }
  };

  const act = async (action: StaffAction) => {
    // The sheet moves out first: the confirmation that follows then holds the keyboard's focus.
    await dialogsClosed();
    const name = member.name;
    if (action === 'manager') {
      await (member.manager
        ? confirmThen(
            t('confirm.stopManagingTitle', { name }),
            t('confirm.stopManagingText'),
            t('confirm.change'),
            splitRoles(toggledRoles(member, 'manager')),
            t('done.notManager'),
          )
        : confirmThen(
            t('confirm.managerTitle', { name }),
            t('confirm.managerText'),
            t('confirm.change'),
            splitRoles(toggledRoles(member, 'manager')),
            t('done.manager'),
          ));
    } else if (action === 'recorder' || action === 'valuers') {
      const taken = holds(action);
      await confirmThen(
        t(taken ? 'confirm.removeRoleTitle' : 'confirm.addRoleTitle', { name, role: role(action) }),
        t('confirm.roleText'),
        t('confirm.change'),
        splitRoles(toggledRoles(member, action)),
        t('done.role'),
      );
    } else if (action === 'enabled') {
      if (member.is_enabled) {
        await confirmThen(
          t('confirm.disableTitle', { name }),
          t('confirm.disableText'),
          <span className="danger-text">{t('confirm.disable')}</span>,
          { is_enabled: false },
          t('done.disabled'),
        );
      } else {
        try {
          await change.mutateAsync({ id: member.id, body: { is_enabled: true } });
          successToast(t('done.enabled'));
        } catch {
          // toasted by the API client
        }
      }
    } else {
      const confirmed = await Dialog.confirm({
        title: t('confirm.resetTitle', { name }),
        content: t('confirm.resetText'),
        confirmText: t('confirm.reset'),
        cancelText: t('common:cancel'),
      });
      if (!confirmed) return;
      try {
        await showPasswordOnce('reset', await reset.mutateAsync(member.id));
      } catch {
        // toasted by the API client
      }
    }
  };

  const labels: Record<StaffAction, string> = {
    recorder: t(holds('recorder') ? 'actions.removeRole' : 'actions.addRole', { role: role('recorder') }),
    valuers: t(holds('valuers') ? 'actions.removeRole' : 'actions.addRole', { role: role('valuers') }),
    manager: member.manager ? t('actions.stopManaging') : t('actions.makeManager'),
    enabled: member.is_enabled ? t('actions.disable') : t('actions.enable'),
    password: t('actions.resetPassword'),
  };
  const choices: Choice[] = actions.map((action) => ({
    key: action,
    label:
      action === 'enabled' && member.is_enabled ? (
        <span className="danger-text">{labels[action]}</span>
      ) : (
        labels[action]
      ),
    onChoose: () => void act(action),
  }));

  if (actions.length === 0) return null;
  return (
    <>
      <button
        type="button"
        className="icon-button staff-card__actions"
        aria-label={t('actions.open', { name: member.name })}
        aria-haspopup="dialog"
        // Not `disabled`: the focus comes back here from the sheet while the change is saved.
        aria-disabled={busy || undefined}
        onClick={() => {
          if (!busy) setChoosing(true);
        }}
      >
        <MoreOutline aria-hidden />
      </button>
      <ChoiceSheet
        open={choosing}
        onClose={() => setChoosing(false)}
        title={t('actions.title', { name: member.name })}
        choices={choices}
      />
    </>
  );
}

/** A member's counter roles in words (`Recorder · Valuer`), or that they work at no counter. */
export function countersOf(member: StaffMember, t: (key: string) => string): string {
  if (member.roles.length === 0) return t('noCounterRole');
  return member.roles.map((code) => t(`common:role.${code}`)).join(' · ');
}

/** What else a member is, beside their counter roles: manager, owner, you, disabled; each a chip. */
export function StaffTags({ member, self }: { member: StaffMember; self: boolean }) {
  const { t } = useTranslation('staff');
  // A disabled account in dark grey.
  const tags: [string, string, 'outline' | 'solid'][] = [];
  if (member.manager) tags.push(['manager', 'primary', 'outline']);
  if (member.owner) tags.push(['owner', 'var(--app-color-gold)', 'outline']);
  if (self) tags.push(['you', 'default', 'outline']);
  if (!member.is_enabled) tags.push(['disabled', 'var(--app-stage-returned)', 'solid']);

  if (tags.length === 0) return null;
  return (
    <ul className="staff-card__tags" aria-label={t('tagsLabel')}>
      {tags.map(([key, color, fill]) => (
        <li key={key}>
          <Tag color={color} fill={fill} round data-tag={key}>
            {t(`tags.${key}`)}
          </Tag>
        </li>
      ))}
    </ul>
  );
}

/**
 * One member of the staff: name, mobile, counter role, what else they are (manager, owner, you,
 * disabled) and when they last signed in; on anyone but oneself, the actions a manager takes; on
 * everyone, how they sign in; where the shop has several branches, where they work (issue 32).
 */
export function StaffCard({ member, self }: { member: StaffMember; self: boolean }) {
  const { t } = useTranslation('staff');
  return (
    <article
      className={member.is_enabled ? 'card staff-card' : 'card staff-card staff-card--disabled'}
      data-testid="staff-card"
      data-id={member.id}
      aria-labelledby={`staff-${member.id}-name`}
    >
      <div className="staff-card__head">
        <h2 className="staff-card__name" id={`staff-${member.id}-name`}>
          {member.name}
        </h2>
        <StaffActions member={member} self={self} />
      </div>
      <StaffTags member={member} self={self} />
      <p className="staff-card__meta">
        <span className="figure">{member.mobile ?? t('noMobile')}</span>
        <span aria-hidden="true"> · </span>
        <span>{countersOf(member, t)}</span>
      </p>
      <StaffBranchNames member={member} />
      <p className="muted staff-card__seen">
        {member.last_sign_in_at
          ? t('lastSignIn', { when: formatRelative(member.last_sign_in_at) })
          : t('neverSignedIn')}
      </p>
      {self ? <p className="muted staff-card__self">{t('selfHint')}</p> : null}
      <div className="staff-card__buttons">
        <StaffSignInButton member={member} self={self} />
        <StaffBranchesButton member={member} self={self} />
      </div>
    </article>
  );
}
