import type { PhotoFlag } from '@jewel/contract/values/commodity';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { Suspense, useState } from 'react';
import { thumbOf } from '../../lib/photos/photo-paths.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { lazyWhenIdle } from '../lazy-when-idle.ts';
import './photos.css';

const { Component: PhotoViewer, useLoadWhenIdle: useViewerWhenIdle } = lazyWhenIdle(() =>
  import('./photo-viewer.tsx').then((module) => module.PhotoViewer),
);

interface PhotoGridProps {
  /** Stored photos (`/api/files/<name>`); their thumbnails are shown, the full photo in the viewer. */
  photos: string[];
  /** What the photos show ("Product photos"): names each image and the grid. */
  label?: string;
  /** What each photo is (the photo guide's shot, issue 17), shown on it and in its name; empty for none. */
  captions?: string[];
  /** Photos kept though the phone's check found them poor (issue 29 item 9), by path: marked on the tile and in its name. */
  flags?: Partial<Record<string, PhotoFlag>>;
}

/** Read-only photos: square thumbnails, 4 per row on a phone; a tap opens the viewer at that photo. */
export function PhotoGrid({ photos, label, captions, flags }: PhotoGridProps) {
  const { t } = useTranslation('photos');
  const [open, setOpen] = useState<number | null>(null);
  // The viewer is made at the first tap, its code loaded when the page is idle.
  const [made, setMade] = useState(false);
  useViewerWhenIdle();
  const field = label ?? t('viewer');
  if (photos.length === 0) return <p className="muted">{t('none')}</p>;
  return (
    <>
      <ul className="photo-grid" aria-label={field}>
        {photos.map((photo, index) => {
          const caption = captions?.[index];
          const flag = flags?.[photo];
          const name = [t('photo', { field, index: index + 1 }), caption, flag ? t(`flag.${flag}`) : null]
            .filter(Boolean)
            .join(' · ');
          return (
            <li key={photo} className="photo-grid__cell">
              <button
                type="button"
                className="photo-grid__tile"
                aria-label={t('open', { field: name })}
                onClick={() => {
                  setMade(true);
                  setOpen(index);
                }}
              >
                <img className="photo-grid__image" src={thumbOf(photo)} alt={name} loading="lazy" decoding="async" />
                {caption ? (
                  <span className="photo-grid__caption" aria-hidden>
                    {caption}
                  </span>
                ) : null}
                {flag ? (
                  <span className="photo-grid__flag" data-flag={flag} aria-hidden>
                    <ExclamationCircleOutline />
                    {t(`flag.${flag}`)}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
      {made ? (
        <Suspense fallback={null}>
          <PhotoViewer images={photos} index={open} label={field} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
