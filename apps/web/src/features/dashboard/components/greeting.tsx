import type { UserInfo } from '@jewel/contract/user';
import { formatDateTime } from '../../../lib/format.ts';
import { roleLabel } from '../../../lib/role-label.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../dashboard.css';

function partOfDay(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 18) return 'afternoon';
  return 'evening';
}

/**
 * "Good afternoon, Chen Xiao" with the role; one who works at several branches sees at which one
 * today (issue 32); a guest also sees until when their access lasts.
 */
export function Greeting({ user }: { user: UserInfo }) {
  const { t } = useTranslation('dashboard');
  const temporary = user.is_tmp === 1;
  const role = roleLabel(t, user);
  return (
    <section className="dashboard-greeting">
      <div className="dashboard-greeting__line">
        <h2 className="dashboard-greeting__hello">
          {t(`greeting.${partOfDay(new Date().getHours())}`, { name: user.name })}
        </h2>
        <span className={temporary ? 'dashboard-role dashboard-role--temporary' : 'dashboard-role'}>{role}</span>
      </div>
      {user.branch && (user.branches?.length ?? 0) > 1 ? (
        <p className="muted">{t('greeting.branch', { name: user.branch.name })}</p>
      ) : null}
      {temporary && user.tmp_expires_at ? (
        <p className="muted">{t('greeting.guestUntil', { time: formatDateTime(user.tmp_expires_at) })}</p>
      ) : null}
    </section>
  );
}
