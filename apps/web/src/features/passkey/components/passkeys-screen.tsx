import type { Passkey } from '@jewel/contract/passkey';
import { PASSKEY_NAME_MAX } from '@jewel/contract/values/limits';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useQuery } from '@tanstack/react-query';
import { KeyOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { Page } from '../../../components/page.tsx';
import { PromptDialog } from '../../../components/prompt-dialog.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../../components/state-views.tsx';
import { StatusView } from '../../../components/status-view.tsx';
import { Button, Tag } from '../../../lib/antd-mobile.ts';
import { Dialog } from '../../../lib/dialog.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { isApiError } from '../../../lib/is-api-error.ts';
import { passkeyObstacle } from '../../../lib/passkeys.ts';
import { successToast, toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import {
  createPasskey,
  passkeyListOptions,
  registrationOptions,
  useRegisterPasskey,
  useRemovePasskey,
  useRenamePasskey,
} from '../api/passkey-queries.ts';
import { suggestedPasskeyName } from '../device-name.ts';
import '../passkey.css';

const validName = (name: string) => name.trim().length >= 1 && name.trim().length <= PASSKEY_NAME_MAX;

/**
 * The member's passkeys (ADR 0103): each with its name, when it was added and last used, and
 * whether it is synced; added (named first, then the browser's prompt), renamed, removed after a
 * confirmation. Where passkeys cannot be used (the browser, or an address other than the shop's)
 * the page says so and offers nothing to tap. A guest has none and is told so.
 */
export function PasskeysScreen() {
  const { t } = useTranslation('passkey');
  const temporary = useAuthStore((state) => state.user?.is_tmp === 1);
  if (temporary) {
    return (
      <Page>
        <StatusView icon={<KeyOutline />} title={t('guest.title')} description={t('guest.hint')} />
      </Page>
    );
  }
  return <Passkeys />;
}

function Passkeys() {
  const { t } = useTranslation('passkey');
  const list = useQuery(passkeyListOptions());
  /** Why passkeys cannot be used here, in words; null while they can. */
  const [unavailable, setUnavailable] = useState<string | null>(() => {
    const obstacle = passkeyObstacle();
    return obstacle ? t(`unavailable.${obstacle}`) : null;
  });
  const [preparing, setPreparing] = useState(false);
  /** The server's options while the new passkey's name is asked for. */
  const [naming, setNaming] = useState<PublicKeyCredentialCreationOptionsJSON | null>(null);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const register = useRegisterPasskey();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();

  /** The options first: a shop address that cannot have passkeys is told before a name is typed. */
  const startAdding = async () => {
    setPreparing(true);
    try {
      setNaming(await registrationOptions());
    } catch (error) {
      if (isApiError(error, 'passkeysUnavailable')) setUnavailable(error.message);
    } finally {
      setPreparing(false);
    }
  };

  const add = async (options: PublicKeyCredentialCreationOptionsJSON, name: string) => {
    // The browser's prompt first thing in the tap's handler.
    const creation = await createPasskey(options);
    setNaming(null);
    if (creation.outcome === 'created') {
      try {
        await register.mutateAsync({ name: name.trim(), response: creation.response });
        successToast(t('page.added'));
      } catch {
        // toasted by the API client
      }
    } else if (creation.outcome === 'exists') toast(t('page.alreadyHere'));
    else if (creation.outcome === 'address') setUnavailable(t('unavailable.address'));
    else if (creation.outcome === 'failed') toast(t('page.failed'));
  };

  const saveName = async (passkey: Passkey, name: string) => {
    try {
      await rename.mutateAsync({ passkey, name: name.trim() });
    } catch {
      return; // toasted by the API client; the dialog stays for another try
    }
    setRenaming(null);
    successToast(t('page.renamed'));
  };

  const confirmRemove = async (passkey: Passkey) => {
    const confirmed = await Dialog.confirm({
      title: t('page.removeTitle', { name: passkey.name }),
      content: t('page.removeText'),
      confirmText: <span className="danger-text">{t('page.remove')}</span>,
      cancelText: t('common:cancel'),
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(passkey);
      successToast(t('page.removed'));
    } catch {
      // toasted by the API client
    }
  };

  const nameRule = { validate: validName, errorText: t('page.nameInvalid', { max: PASSKEY_NAME_MAX }) };
  const usable = unavailable === null;

  return (
    <Page
      footer={
        usable ? (
          <Button
            block
            color="primary"
            size="large"
            loading={preparing || register.isPending}
            onClick={() => void startAdding()}
          >
            {t('page.add')}
          </Button>
        ) : undefined
      }
    >
      <div className="passkeys-page">
        {usable ? (
          <p className="passkeys-intro">{t('page.intro')}</p>
        ) : (
          <section className="card passkeys-unavailable" role="status" aria-labelledby="passkeys-unavailable-title">
            <h2 id="passkeys-unavailable-title" className="card__title">
              {t('unavailable.title')}
            </h2>
            <p className="passkeys-unavailable__why">{unavailable}</p>
          </section>
        )}
        {list.isPending ? (
          <LoadingRows rows={3} />
        ) : list.isError && !list.data ? (
          <LoadError onRetry={() => list.refetch()} />
        ) : list.data.length === 0 ? (
          usable ? (
            <EmptyState title={t('page.empty')} description={t('page.emptyHint')} />
          ) : null
        ) : (
          <ul className="passkeys-list" aria-label={t('page.listLabel')}>
            {list.data.map((passkey) => (
              <PasskeyCard
                key={passkey.id}
                passkey={passkey}
                actions={usable}
                onRename={() => setRenaming(passkey)}
                onRemove={() => void confirmRemove(passkey)}
              />
            ))}
          </ul>
        )}
      </div>
      <PromptDialog
        visible={naming !== null}
        title={t('page.nameTitle')}
        defaultValue={suggestedPasskeyName(navigator.userAgent, t('page.defaultName'))}
        {...nameRule}
        onConfirm={(name) => (naming ? add(naming, name) : undefined)}
        onCancel={() => setNaming(null)}
      />
      <PromptDialog
        visible={renaming !== null}
        title={t('page.renameTitle')}
        defaultValue={renaming?.name}
        {...nameRule}
        onConfirm={(name) => (renaming ? saveName(renaming, name) : undefined)}
        onCancel={() => setRenaming(null)}
      />
    </Page>
  );
}

function PasskeyCard({
  passkey,
  actions,
  onRename,
  onRemove,
}: {
  passkey: Passkey;
  /** Rename and remove, where passkeys can be used. */
  actions: boolean;
  onRename: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('passkey');
  const { name } = passkey;
  return (
    <li className="card passkey-card" data-testid="passkey-row">
      <div className="passkey-card__head">
        <h2 className="passkey-card__name">{name}</h2>
        {passkey.backed_up ? (
          <Tag color="success" fill="outline">
            {t('page.synced')}
          </Tag>
        ) : null}
      </div>
      <p className="passkey-card__meta">{t('page.created', { date: formatDateTime(passkey.created_at) })}</p>
      <p className="passkey-card__meta">
        {passkey.last_used_at
          ? t('page.lastUsed', { date: formatDateTime(passkey.last_used_at) })
          : t('page.neverUsed')}
      </p>
      {actions ? (
        <div className="passkey-card__actions">
          <Button
            size="small"
            fill="none"
            color="primary"
            aria-label={t('page.renameNamed', { name })}
            onClick={onRename}
          >
            {t('page.rename')}
          </Button>
          <Button
            size="small"
            fill="none"
            color="danger"
            aria-label={t('page.removeNamed', { name })}
            onClick={onRemove}
          >
            {t('page.remove')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
