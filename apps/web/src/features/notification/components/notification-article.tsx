import type { Notification } from '@jewel/contract/user';
import { formatDateTime } from '../../../lib/format.ts';
import '../notification.css';

/** One notification in full: title, time and content. */
export function NotificationArticle({ notification }: { notification: Notification }) {
  return (
    <article className="card notification-article">
      <h2 className="notification-article__title">{notification.title}</h2>
      <p className="muted figure">
        <time dateTime={notification.created_at}>{formatDateTime(notification.created_at)}</time>
      </p>
      <p className="notification-article__content">{notification.content}</p>
    </article>
  );
}
