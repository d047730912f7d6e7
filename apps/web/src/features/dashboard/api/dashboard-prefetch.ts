import type { QueryClient } from '@tanstack/react-query';
import { bannersOptions, statisticsOptions } from './dashboard-queries.ts';

/**
 * Starts the dashboard's calls while its code is still loading, and the first banner's image
 * as soon as the banners are known: the largest thing the page paints does not wait for the
 * page's code, then its call, then the image, one after another.
 */
export function prefetchDashboard(queryClient: QueryClient) {
  void queryClient.prefetchQuery(bannersOptions()).then(() => {
    const first = queryClient.getQueryData(bannersOptions().queryKey)?.[0];
    if (!first || document.querySelector(`link[rel="preload"][href="${CSS.escape(first.image)}"]`)) return;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = first.image;
    link.fetchPriority = 'high';
    document.head.append(link);
  });
  void queryClient.prefetchQuery(statisticsOptions());
}
