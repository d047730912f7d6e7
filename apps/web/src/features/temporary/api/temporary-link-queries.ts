import { infiniteQueryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { routes } from '../../../lib/routes.ts';

const PAGE_SIZE = 20;

export const temporaryLinkKeys = {
  all: ['temporaryLinks'] as const,
};

/** The links the user made, newest first (`temporary/record`). */
export function temporaryLinkListOptions() {
  return infiniteQueryOptions({
    queryKey: temporaryLinkKeys.all,
    queryFn: ({ pageParam, signal }) =>
      call(
        routes.temporaryLinks,
        { query: { page: pageParam, page_size: PAGE_SIZE } },
        { signal, hideErrorToast: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });
}

/** The full address a guest opens: this app's origin and the link's `/t_r…` / `/t_v…` path. */
export function shareUrl(path: string): string {
  return `${window.location.origin}${path}`;
}

/** Copies text; the Clipboard API needs a secure context, so plain HTTP falls back to a selection. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  }
}
