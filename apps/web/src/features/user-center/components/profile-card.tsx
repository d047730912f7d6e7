import type { UserInfo } from '@jewel/contract/user';
import { Tag } from '../../../lib/antd-mobile.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { roleLabel } from '../../../lib/role-label.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { UserAvatar } from './user-avatar.tsx';
import '../user-center.css';

/** The personal center's header: avatar, name, role and mobile (a guest's access end instead of a mobile). */
export function ProfileCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation('user');
  const temporary = user.is_tmp === 1;
  return (
    <section className="card user-center-profile" aria-label={t('center.profile')}>
      <UserAvatar avatar={user.avatar} size={64} alt={t('info.avatar')} />
      <div className="user-center-profile__text">
        <h2 className="user-center-profile__name">{user.name}</h2>
        <div className="user-center-profile__tags">
          <Tag color="primary" fill="outline" round>
            {roleLabel(t, user)}
          </Tag>
          {temporary ? (
            <Tag color="warning" fill="outline" round>
              {t('center.temporary')}
            </Tag>
          ) : null}
        </div>
        {user.mobile ? <p className="muted figure">{user.mobile}</p> : null}
        {temporary && user.tmp_expires_at ? (
          <p className="muted">{t('center.validUntil', { time: formatDateTime(user.tmp_expires_at) })}</p>
        ) : null}
      </div>
    </section>
  );
}
