import { paths } from '@jewel/contract/values/web-paths';
import {
  AppstoreOutline,
  BellOutline,
  EditSOutline,
  EnvironmentOutline,
  FileOutline,
  FolderOutline,
  GlobalOutline,
  KeyOutline,
  LinkOutline,
  LockOutline,
  PieOutline,
  SetOutline,
  TeamOutline,
  UnlockOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ActionRow } from '../../../components/action-row.tsx';
import { LanguageSheet } from '../../../components/language-sheet.tsx';
import { Badge, List } from '../../../lib/antd-mobile.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLanguageStore } from '../../../stores/language-store.ts';
import '../user-center.css';

interface UserCenterMenuProps {
  /** Temporary users can neither change a password, nor have passkeys, nor make guest links. */
  temporary: boolean;
  /** Managers reach the shop's staff and its details from here (issue 28). */
  manager: boolean;
  /** Reading as a recorder without the role (ADR 0104): no guest links to make. */
  readOnly?: boolean;
  unread: number;
  onLogout: () => void;
}

/**
 * The personal center's rows: profile, password, passkeys, language, notifications, guest links, calibration,
 * the staff, the shop's details and its branches (managers), and log out.
 */
export function UserCenterMenu({ temporary, manager, readOnly = false, unread, onLogout }: UserCenterMenuProps) {
  const { t } = useTranslation('user');
  const navigate = useNavigate();
  const lang = useLanguageStore((state) => state.currentLang);
  const [choosingLanguage, setChoosingLanguage] = useState(false);

  return (
    <>
      <List className="user-center-list" aria-label={t('center.menu')}>
        <ActionRow prefix={<UserOutline aria-hidden />} onClick={() => navigate(paths.userInfo)}>
          {t('center.personalInfo')}
        </ActionRow>
        {temporary ? null : (
          <ActionRow prefix={<LockOutline aria-hidden />} onClick={() => navigate(paths.updatePassword)}>
            {t('center.changePassword')}
          </ActionRow>
        )}
        {temporary ? null : (
          <>
            <ActionRow prefix={<KeyOutline aria-hidden />} onClick={() => navigate(paths.passkeys)}>
              {t('center.passkeys')}
            </ActionRow>
            <ActionRow prefix={<UnlockOutline aria-hidden />} onClick={() => navigate(paths.signInMethods)}>
              {t('center.signInMethods')}
            </ActionRow>
          </>
        )}
        <ActionRow
          prefix={<GlobalOutline aria-hidden />}
          extra={<span lang={lang}>{t(`common:language.${lang}`)}</span>}
          onClick={() => setChoosingLanguage(true)}
        >
          {t('center.language')}
        </ActionRow>
        <ActionRow
          prefix={<BellOutline aria-hidden />}
          extra={unread > 0 ? <Badge content={unread > 99 ? '99+' : unread} aria-hidden /> : null}
          onClick={() => navigate(paths.notifications)}
        >
          {t('center.notifications')}
          {unread > 0 ? <span className="sr-only">{t('center.unreadCount', { count: unread })}</span> : null}
        </ActionRow>
        {temporary || readOnly ? null : (
          <ActionRow prefix={<LinkOutline aria-hidden />} onClick={() => navigate(paths.temporaryRecord)}>
            {t('center.guestLinks')}
          </ActionRow>
        )}
        {temporary ? null : (
          <ActionRow prefix={<PieOutline aria-hidden />} onClick={() => navigate(paths.calibration)}>
            {t('center.calibration')}
          </ActionRow>
        )}
        {manager ? (
          <ActionRow prefix={<TeamOutline aria-hidden />} onClick={() => navigate(paths.staff)}>
            {t('common:titles.staff')}
          </ActionRow>
        ) : null}
        {manager ? (
          <ActionRow prefix={<SetOutline aria-hidden />} onClick={() => navigate(paths.shop)}>
            {t('common:titles.shop')}
          </ActionRow>
        ) : null}
        {manager ? (
          <ActionRow prefix={<EnvironmentOutline aria-hidden />} onClick={() => navigate(paths.branches)}>
            {t('common:titles.branches')}
          </ActionRow>
        ) : null}
        {manager ? (
          <ActionRow prefix={<AppstoreOutline aria-hidden />} onClick={() => navigate(paths.catalog)}>
            {t('common:titles.catalog')}
          </ActionRow>
        ) : null}
        {manager ? (
          <ActionRow prefix={<EditSOutline aria-hidden />} onClick={() => navigate(paths.knowledgeAdmin)}>
            {t('common:titles.knowledgeAdmin')}
          </ActionRow>
        ) : null}
        {manager ? (
          <ActionRow prefix={<FileOutline aria-hidden />} onClick={() => navigate(paths.audit)}>
            {t('common:titles.audit')}
          </ActionRow>
        ) : null}
        {manager ? (
          <ActionRow prefix={<FolderOutline aria-hidden />} onClick={() => navigate(paths.operations)}>
            {t('common:titles.operations')}
          </ActionRow>
        ) : null}
      </List>
      <List className="user-center-list">
        <ActionRow className="user-center-logout" arrow={false} onClick={onLogout}>
          {t('center.logout')}
        </ActionRow>
      </List>
      <LanguageSheet visible={choosingLanguage} onClose={() => setChoosingLanguage(false)} />
    </>
  );
}
