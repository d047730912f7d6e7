import { paths } from '@jewel/contract/values/web-paths';
import { BellOutline, GlobalOutline, LinkOutline, LockOutline, UserOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageSheet } from '../../../components/language-sheet.tsx';
import { Badge, List } from '../../../lib/antd-mobile.ts';
import { useLanguageStore } from '../../../stores/language-store.ts';

interface UserCenterMenuProps {
  /** Temporary users can neither change a password nor make guest links. */
  temporary: boolean;
  unread: number;
  onLogout: () => void;
}

/** The personal center's rows: profile, password, language, notifications, guest links, and log out. */
export function UserCenterMenu({ temporary, unread, onLogout }: UserCenterMenuProps) {
  const { t } = useTranslation('user');
  const navigate = useNavigate();
  const lang = useLanguageStore((state) => state.currentLang);
  const [choosingLanguage, setChoosingLanguage] = useState(false);

  return (
    <>
      <List className="user-center-list" aria-label={t('center.menu')}>
        <List.Item prefix={<UserOutline aria-hidden />} onClick={() => navigate(paths.userInfo)}>
          {t('center.personalInfo')}
        </List.Item>
        {temporary ? null : (
          <List.Item prefix={<LockOutline aria-hidden />} onClick={() => navigate(paths.updatePassword)}>
            {t('center.changePassword')}
          </List.Item>
        )}
        <List.Item
          prefix={<GlobalOutline aria-hidden />}
          extra={<span lang={lang}>{t(`common:language.${lang}`)}</span>}
          onClick={() => setChoosingLanguage(true)}
        >
          {t('center.language')}
        </List.Item>
        <List.Item
          prefix={<BellOutline aria-hidden />}
          extra={
            unread > 0 ? (
              <Badge content={unread > 99 ? '99+' : unread} aria-label={t('center.unreadCount', { count: unread })} />
            ) : null
          }
          onClick={() => navigate(paths.notifications)}
        >
          {t('center.notifications')}
        </List.Item>
        {temporary ? null : (
          <List.Item prefix={<LinkOutline aria-hidden />} onClick={() => navigate(paths.temporaryRecord)}>
            {t('center.guestLinks')}
          </List.Item>
        )}
      </List>
      <List className="user-center-list">
        <List.Item className="user-center-logout" arrowIcon={false} onClick={onLogout}>
          {t('center.logout')}
        </List.Item>
      </List>
      <LanguageSheet visible={choosingLanguage} onClose={() => setChoosingLanguage(false)} />
    </>
  );
}
