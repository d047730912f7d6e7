import type { Passkey } from '@jewel/contract/passkey';
import type { SignInBinding } from '@jewel/contract/sign-in';
import type { StaffMember } from '@jewel/contract/staff';
import { EMAIL_MAX } from '@jewel/contract/values/limits';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PromptDialog } from '../../../components/prompt-dialog.tsx';
import { Sheet } from '../../../components/sheet.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../../components/state-views.tsx';
import { Button, Tag } from '../../../lib/antd-mobile.ts';
import { Dialog } from '../../../lib/dialog.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { staffSignInOptions, useRemovePasskey, useSetEmail, useUnbindProvider } from '../api/staff-queries.ts';

/** Loose on purpose: the server's check is the rule; this one catches a typo before the round trip. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The card's button that opens how the member signs in. Shown on one's own card too, to read. */
export function StaffSignInButton({ member, self }: { member: StaffMember; self: boolean }) {
  const { t } = useTranslation('staff');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="staff-card__sign-in"
        aria-haspopup="dialog"
        aria-label={t('signIn.open', { name: member.name })}
        onClick={() => setOpen(true)}
      >
        {t('signIn.button')}
      </button>
      <Sheet
        open={open}
        onClose={() => setOpen(false)}
        title={t('signIn.title', { name: member.name })}
        className="staff-sign-in"
      >
        <StaffSignInMethods member={member} self={self} />
      </Sheet>
    </>
  );
}

/**
 * How a member signs in (ADR 0103 "Bindings"): their work e-mail, which a provider's verified
 * e-mail binds on first use; their passkeys; their bound providers. A manager edits the e-mail and
 * removes a passkey or a binding (a lost phone, a leaving account), each after a confirmation;
 * on their own account they only read.
 */
export function StaffSignInMethods({ member, self }: { member: StaffMember; self: boolean }) {
  const { t } = useTranslation('staff');
  const query = useQuery(staffSignInOptions(member.id));
  const setEmail = useSetEmail(member.id);
  const removePasskey = useRemovePasskey(member.id);
  const unbind = useUnbindProvider(member.id);
  const [editing, setEditing] = useState(false);

  if (query.isPending) return <LoadingRows rows={3} />;
  if (query.isError && !query.data) return <LoadError onRetry={() => query.refetch()} />;
  const { email, passkeys, bindings } = query.data;

  const saveEmail = async (value: string) => {
    const next = value.trim() === '' ? null : value.trim();
    try {
      await setEmail.mutateAsync(next);
      setEditing(false);
      successToast(next ? t('signIn.emailSaved') : t('signIn.emailCleared'));
    } catch {
      // toasted by the API client (`emailTaken`); the dialog stays for another try
    }
  };

  const confirmRemove = async (passkey: Passkey) => {
    const confirmed = await Dialog.confirm({
      title: t('signIn.removePasskeyTitle', { name: passkey.name }),
      content: t('signIn.removePasskeyText', { member: member.name }),
      confirmText: <span className="danger-text">{t('signIn.remove')}</span>,
      cancelText: t('common:cancel'),
    });
    if (!confirmed) return;
    try {
      await removePasskey.mutateAsync(passkey.id);
      successToast(t('signIn.passkeyRemoved'));
    } catch {
      // toasted by the API client
    }
  };

  const confirmUnbind = async (binding: SignInBinding) => {
    const confirmed = await Dialog.confirm({
      title: t('signIn.unbindTitle', { name: binding.name }),
      content: t('signIn.unbindText', { member: member.name }),
      confirmText: <span className="danger-text">{t('signIn.unbind')}</span>,
      cancelText: t('common:cancel'),
    });
    if (!confirmed) return;
    try {
      await unbind.mutateAsync(binding.provider);
      successToast(t('signIn.unbound'));
    } catch {
      // toasted by the API client
    }
  };

  return (
    <div className="staff-sign-in__body" data-testid="staff-sign-in">
      {self ? <p className="muted staff-sign-in__note">{t('selfHint')}</p> : null}
      <section className="staff-sign-in__section" aria-labelledby={`sign-in-${member.id}-email`}>
        <h3 className="staff-sign-in__heading" id={`sign-in-${member.id}-email`}>
          {t('signIn.email')}
        </h3>
        <div className="staff-sign-in__row">
          <p className="staff-sign-in__text" data-testid="staff-email">
            {email ?? <span className="muted">{t('signIn.noEmail')}</span>}
          </p>
          {self ? null : (
            <Button
              size="small"
              fill="outline"
              color="primary"
              aria-label={t('signIn.editEmailNamed', { name: member.name })}
              onClick={() => setEditing(true)}
            >
              {t('signIn.editEmail')}
            </Button>
          )}
        </div>
        <p className="muted staff-sign-in__hint">{t('signIn.emailHint')}</p>
      </section>
      {passkeys.length === 0 && bindings.length === 0 ? (
        <EmptyState title={t('signIn.passwordOnly')} description={t('signIn.passwordOnlyHint')} />
      ) : (
        <>
          <section className="staff-sign-in__section" aria-labelledby={`sign-in-${member.id}-passkeys`}>
            <h3 className="staff-sign-in__heading" id={`sign-in-${member.id}-passkeys`}>
              {t('signIn.passkeys')}
            </h3>
            {passkeys.length === 0 ? (
              <p className="muted staff-sign-in__text">{t('signIn.noPasskeys')}</p>
            ) : (
              <ul className="staff-sign-in__list">
                {passkeys.map((passkey) => (
                  <li key={passkey.id} className="staff-sign-in__row" data-testid="staff-passkey">
                    <div className="staff-sign-in__item">
                      <p className="staff-sign-in__name">
                        <span>{passkey.name}</span>
                        {passkey.backed_up ? (
                          <Tag color="success" fill="outline">
                            {t('signIn.synced')}
                          </Tag>
                        ) : null}
                      </p>
                      <p className="staff-sign-in__meta">
                        {t('signIn.added', { date: formatDateTime(passkey.created_at) })}
                      </p>
                      <p className="staff-sign-in__meta">{lastUsed(t, passkey.last_used_at)}</p>
                    </div>
                    {self ? null : (
                      <Button
                        size="small"
                        fill="none"
                        color="danger"
                        aria-label={t('signIn.removeNamed', { name: passkey.name })}
                        onClick={() => void confirmRemove(passkey)}
                      >
                        {t('signIn.remove')}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="staff-sign-in__section" aria-labelledby={`sign-in-${member.id}-providers`}>
            <h3 className="staff-sign-in__heading" id={`sign-in-${member.id}-providers`}>
              {t('signIn.providers')}
            </h3>
            {bindings.length === 0 ? (
              <p className="muted staff-sign-in__text">{t('signIn.noProviders')}</p>
            ) : (
              <ul className="staff-sign-in__list">
                {bindings.map((binding) => (
                  <li key={binding.provider} className="staff-sign-in__row" data-testid="staff-binding">
                    <div className="staff-sign-in__item">
                      <p className="staff-sign-in__name">{binding.name}</p>
                      <p className="staff-sign-in__meta">
                        {t('signIn.bound', { date: formatDateTime(binding.created_at) })}
                      </p>
                      <p className="staff-sign-in__meta">{lastUsed(t, binding.last_used_at)}</p>
                    </div>
                    {self ? null : (
                      <Button
                        size="small"
                        fill="none"
                        color="danger"
                        aria-label={t('signIn.unbindNamed', { name: binding.name })}
                        onClick={() => void confirmUnbind(binding)}
                      >
                        {t('signIn.unbind')}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      {/* Mounted only while open: the sheet stays the page's last dialog until then (hold-focus.ts). */}
      {editing ? (
        <PromptDialog
          visible
          title={t('signIn.emailTitle', { name: member.name })}
          description={t('signIn.emailPromptHint')}
          defaultValue={email ?? ''}
          inputMode="text"
          validate={(value) =>
            value.trim() === '' || (value.trim().length <= EMAIL_MAX && EMAIL_SHAPE.test(value.trim()))
          }
          errorText={t('signIn.emailInvalid')}
          onConfirm={saveEmail}
          onCancel={() => setEditing(false)}
          getContainer={() => document.body}
        />
      ) : null}
    </div>
  );
}

function lastUsed(t: (key: string, values?: Record<string, string>) => string, at: string | null) {
  return at ? t('signIn.lastUsed', { date: formatDateTime(at) }) : t('signIn.neverUsed');
}
