import type { UserInfo } from '@jewel/contract/user';
import { TEXT_MAX, UPLOAD_MAX_BYTES } from '@jewel/contract/values/limits';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useRef, useState } from 'react';
import { ActionRow } from '../../../components/action-row.tsx';
import { WheelPicker } from '../../../components/form/wheel-picker.tsx';
import { PromptDialog } from '../../../components/prompt-dialog.tsx';
import { List } from '../../../lib/antd-mobile.ts';
import { roleLabel } from '../../../lib/role-label.ts';
import { successToast, toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useChangeAvatar, useChangeProfile } from '../api/user-center-mutations.ts';
import { genderOptions } from '../api/user-center-queries.ts';
import { UserAvatar } from './user-avatar.tsx';
import '../user-center.css';

/** Personal info: avatar, name and gender can be changed (one field per save); mobile and role are shown. */
export function ProfileList({ user }: { user: UserInfo }) {
  const { t } = useTranslation('user');
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState(0);
  const [editingName, setEditingName] = useState(false);
  const [choosingGender, setChoosingGender] = useState(false);
  const genders = useQuery(genderOptions());
  const changeProfile = useChangeProfile();
  const changeAvatar = useChangeAvatar(setProgress);
  const genderLabel = genders.data?.find((option) => option.value === user.gender)?.label;

  const pickAvatar = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES) {
      toast(t('info.avatarTooLarge', { mb: Math.round(UPLOAD_MAX_BYTES / 1024 / 1024) }));
      return;
    }
    setProgress(0);
    try {
      await changeAvatar.mutateAsync(file);
      successToast(t('common:success.updated'));
    } catch {
      // The upload and the call toast their own failure.
    }
  };

  const saveName = async (value: string) => {
    const name = value.trim();
    setEditingName(false);
    // SPEC.md §5: an empty change does nothing; an unchanged one needs no call either.
    if (!name || name === user.name) return;
    try {
      await changeProfile.mutateAsync({ name });
      successToast(t('common:success.updated'));
    } catch {
      // toasted by the api client
    }
  };

  const saveGender = async (value: number) => {
    if (value === user.gender) return;
    try {
      await changeProfile.mutateAsync({ gender: value });
      successToast(t('common:success.updated'));
    } catch {
      // toasted by the api client
    }
  };

  const uploading = changeAvatar.isPending;

  return (
    <>
      <List className="user-center-list" aria-label={t('info.title')}>
        <ActionRow
          className="user-center-info__avatar-row"
          extra={
            <span className="user-center-info__avatar" aria-busy={uploading}>
              <UserAvatar avatar={user.avatar} size={48} alt={t('info.avatar')} />
              {uploading ? (
                <span
                  className="user-center-info__progress figure"
                  role="progressbar"
                  aria-valuenow={progress}
                  aria-valuemin={0}
                  aria-valuemax={100}
                >
                  {progress < 100 ? `${progress}%` : '…'}
                </span>
              ) : null}
            </span>
          }
          disabled={uploading}
          onClick={() => fileInput.current?.click()}
        >
          {t('info.avatar')}
        </ActionRow>
        <ActionRow
          extra={<span className="user-center-info__value">{user.name}</span>}
          onClick={() => setEditingName(true)}
        >
          {t('info.name')}
        </ActionRow>
        <ActionRow
          extra={
            <span className="user-center-info__value">
              {genderLabel ?? (genders.isError ? t('info.loadFailed') : '…')}
            </span>
          }
          onClick={() => (genders.data ? setChoosingGender(true) : genders.refetch())}
        >
          {t('info.gender')}
        </ActionRow>
        <List.Item extra={<span className="user-center-info__value figure">{user.mobile || t('info.none')}</span>}>
          {t('info.mobile')}
        </List.Item>
        <List.Item extra={<span className="user-center-info__value">{roleLabel(t, user)}</span>}>
          {t('info.role')}
        </List.Item>
      </List>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        className="user-center-info__file"
        tabIndex={-1}
        aria-hidden
        onChange={pickAvatar}
      />
      <PromptDialog
        visible={editingName}
        title={t('info.editName')}
        defaultValue={user.name}
        placeholder={t('info.namePlaceholder')}
        validate={(value) => value.trim().length <= TEXT_MAX.personName}
        errorText={t('info.nameTooLong', { max: TEXT_MAX.personName })}
        onConfirm={saveName}
        onCancel={() => setEditingName(false)}
      />
      <WheelPicker
        visible={choosingGender}
        title={t('info.gender')}
        options={genders.data ?? []}
        value={user.gender}
        onClose={() => setChoosingGender(false)}
        onConfirm={(value) => saveGender(Number(value))}
      />
    </>
  );
}
