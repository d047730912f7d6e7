import type { WatchNotice } from '@jewel/contract/watch';
import type { TFunction } from '../../lib/i18n.ts';

/** What a notice is called on screen: its reference, else brand and model, else its number. */
export function noticeTitle(notice: Pick<WatchNotice, 'id' | 'reference' | 'brand' | 'model'>, t: TFunction): string {
  return (
    notice.reference ||
    [notice.brand, notice.model].filter(Boolean).join(' ') ||
    t('watch:notices.number', { id: notice.id })
  );
}
