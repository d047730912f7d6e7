import type { Notification } from '@jewel/contract/user';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { Link } from '../../../components/link.tsx';
import { Skeleton } from '../../../lib/antd-mobile.ts';
import { formatDateTime, formatRelative } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../notification.css';

/** One notification in a list: unread dot, title, two lines of content, relative time; opens its detail. */
export function NotificationCard({ notification }: { notification: Notification }) {
  const { t } = useTranslation('notification');
  const unread = notification.is_read === 0;
  return (
    <Link
      to={withQuery(paths.notificationDetail, { id: notification.id })}
      className={unread ? 'notification-card notification-card--unread' : 'notification-card'}
    >
      <div className="notification-card__head">
        {unread ? <span className="notification-card__dot" role="img" aria-label={t('list.unread')} /> : null}
        <h3 className="notification-card__title">{notification.title}</h3>
        <time
          className="notification-card__time"
          dateTime={notification.created_at}
          title={formatDateTime(notification.created_at)}
        >
          {formatRelative(notification.created_at)}
        </time>
      </div>
      <p className="notification-card__content">{notification.content}</p>
    </Link>
  );
}

/** Placeholder cards shaped like the real ones while the first page loads. */
export function NotificationSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className="notification-list" aria-busy="true">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={index} className="notification-card notification-card--skeleton">
          <Skeleton.Title animated className="notification-card__skeleton-title" />
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      ))}
    </div>
  );
}
