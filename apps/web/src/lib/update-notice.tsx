import NoticeBar from 'antd-mobile/es/components/notice-bar';
import { Suspense } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Button } from './antd-mobile.ts';
import { useTranslation } from './use-translation.ts';
import './update-notice.css';

/**
 * "A new version is ready": Reload, or Later. It never reloads by itself: whoever is filling in
 * a form finishes it first, and the new version waits meanwhile.
 */
export function UpdateNotice({ onReload, onLater }: { onReload: () => void; onLater: () => void }) {
  const { t } = useTranslation('offline');
  return (
    <div className="update-notice" role="status">
      <NoticeBar
        color="info"
        wrap
        content={t('update.ready')}
        extra={
          <>
            <Button size="mini" color="primary" onClick={onReload}>
              {t('common:reload')}
            </Button>
            <Button size="mini" fill="none" onClick={onLater}>
              {t('update.later')}
            </Button>
          </>
        }
      />
    </div>
  );
}

let shown: Root | undefined;

/** Shows the prompt above the page, once, in a root of its own (the app's tree does not carry it). */
export function showUpdateNotice(onReload: () => void): void {
  if (shown) return;
  const host = document.createElement('div');
  document.body.prepend(host);
  const root = createRoot(host);
  shown = root;
  const later = () => {
    root.unmount();
    host.remove();
    shown = undefined;
  };
  root.render(
    <Suspense fallback={null}>
      <UpdateNotice onReload={onReload} onLater={later} />
    </Suspense>,
  );
}
