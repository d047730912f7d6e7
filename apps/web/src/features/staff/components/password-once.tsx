import type { StaffMember } from '@jewel/contract/staff';
import { useState } from 'react';
import { copyText } from '../../../lib/clipboard.ts';
import { Dialog } from '../../../lib/dialog.ts';
import { fixedT } from '../../../lib/i18n.ts';
import { successToast, toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { dialogsClosed } from '../dialogs-closed.ts';
import '../staff.css';

/** A member just added (their first password) or one whose password was reset (a new one). */
type PasswordKind = 'invited' | 'reset';

/** Who the password is for, the password itself (large, to read out or copy) and that it is shown once. */
function PasswordOnce({ kind, member, password }: { kind: PasswordKind; member: StaffMember; password: string }) {
  const { t } = useTranslation('staff');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (await copyText(password)) {
      setCopied(true);
      successToast(t('password.copied'));
    } else toast(t('password.copyFailed'));
  };
  return (
    <div className="staff-password">
      <p className="staff-password__who">
        <span className="staff-password__name">{member.name}</span>
        {member.mobile ? <span className="figure muted">{member.mobile}</span> : null}
      </p>
      <p className="staff-password__label muted">{kind === 'invited' ? t('password.label') : t('password.newLabel')}</p>
      <p className="staff-password__value figure" translate="no">
        {password}
      </p>
      <button type="button" className="staff-password__copy" onClick={copy}>
        {copied ? t('password.copiedButton') : t('password.copy')}
      </button>
      <p className="staff-password__once">{t('password.once')}</p>
    </div>
  );
}

/**
 * The generated password of a member just added (`invited`) or reset, in a dialog: the only time
 * anyone sees it (the server keeps no readable copy). Resolves once it is closed.
 */
export async function showPasswordOnce(kind: PasswordKind, answer: { member: StaffMember; password: string }) {
  // After the form's sheet or the confirmation has moved out: this dialog then holds the focus.
  await dialogsClosed();
  const t = fixedT('staff');
  return Dialog.alert({
    title: kind === 'invited' ? t('password.invitedTitle') : t('password.resetTitle'),
    content: <PasswordOnce kind={kind} member={answer.member} password={answer.password} />,
    confirmText: t('password.done'),
  });
}
