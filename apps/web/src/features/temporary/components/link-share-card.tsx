import { LinkOutline } from 'antd-mobile-icons';
import { useEffect, useRef } from 'react';
import { Button } from '../../../lib/antd-mobile.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { successToast, toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { shareUrl } from '../api/temporary-link-queries.ts';
import { QrCode } from './qr-code.tsx';

interface SharedLink {
  role: 'recorder' | 'valuers';
  path: string;
  expires_at: string;
}

/** A new link, ready to share: its QR code to scan, its address to copy, and when it ends. */
export function LinkShareCard({ link }: { link: SharedLink }) {
  const { t } = useTranslation('temporary');
  const url = shareUrl(link.path);
  const card = useRef<HTMLElement>(null);
  // The new link appears below the form: bring it into view.
  useEffect(() => {
    card.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, []);
  const copy = async () => {
    if (await copyText(url)) successToast(t('link.copied'));
    else toast(t('link.copyFailed'));
  };
  return (
    <section ref={card} className="card temporary-share" aria-label={t('link.created')}>
      <h2 className="card__title">{t('link.created')}</h2>
      <p className="muted">{t('link.scanHint', { role: t(`common:role.temporary.${link.role}`) })}</p>
      <div className="temporary-share__qr">
        <QrCode value={url} label={t('link.qrLabel')} />
      </div>
      <p className="temporary-share__url" data-testid="temporary-link-url">
        {url}
      </p>
      <p className="muted">{t('link.expiresAt', { time: formatDateTime(link.expires_at) })}</p>
      <Button block color="primary" fill="outline" onClick={copy}>
        <LinkOutline aria-hidden /> {t('link.copy')}
      </Button>
    </section>
  );
}
