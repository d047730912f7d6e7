import { parseId } from '@jewel/contract/values/ids';
import { paths } from '@jewel/contract/values/web-paths';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { LoadError, LoadingRows } from '../../components/state-views.tsx';
import { notificationDetailOptions } from '../../features/notification/api/notification-queries.ts';
import { NotificationArticle } from '../../features/notification/components/notification-article.tsx';
import { Button, ErrorBlock } from '../../lib/antd-mobile.ts';
import { isMissing } from '../../lib/is-api-error.ts';
import { queryClient } from '../../lib/query-client.ts';
import { notificationKeys } from '../../lib/query-keys.ts';
import { useTranslation } from '../../lib/use-translation.ts';

/** Only a path of this app: a notification's link opens a screen here, never another site. */
function inAppPath(link: string | null): string | null {
  return link?.startsWith('/') && !link.startsWith('//') ? link : null;
}

/** One notification; opening it marks it read, so the lists and the unread badge are refreshed. */
export default function NotificationDetailRoute() {
  const { t } = useTranslation('notification');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = parseId(search.get('id'));
  const query = useQuery({ ...notificationDetailOptions(id ?? 0), enabled: id !== null });
  const loadedAt = query.dataUpdatedAt;

  useEffect(() => {
    if (!loadedAt) return;
    // Everything about notifications but the details themselves (this one is what was just read).
    queryClient.invalidateQueries({
      queryKey: notificationKeys.all,
      predicate: (entry) => entry.queryKey[1] !== 'detail',
    });
  }, [loadedAt]);

  const notFound = (
    <ErrorBlock status="empty" title={t('detail.notFound')} description={t('detail.notFoundHint')}>
      <Button color="primary" fill="outline" onClick={() => navigate(paths.notifications, { replace: true })}>
        {t('detail.backToList')}
      </Button>
    </ErrorBlock>
  );

  if (id === null) return <Page>{notFound}</Page>;
  if (query.isPending) {
    return (
      <Page>
        <LoadingRows rows={5} />
      </Page>
    );
  }
  if (query.isError)
    return <Page>{isMissing(query.error) ? notFound : <LoadError onRetry={() => query.refetch()} />}</Page>;

  const link = inAppPath(query.data.link);
  return (
    <Page
      footer={
        link ? (
          <Button block color="primary" size="large" onClick={() => navigate(link)}>
            {t('detail.open')}
          </Button>
        ) : undefined
      }
    >
      <NotificationArticle notification={query.data} />
    </Page>
  );
}
