import type { MultiImageViewerRef } from 'antd-mobile/es/components/image-viewer';
import { LeftOutline, RightOutline } from 'antd-mobile-icons';
import { useEffect, useId, useRef, useState } from 'react';
import { ImageViewer } from '../../lib/antd-mobile-motion.ts';
import { useHeldFocus } from '../../lib/hold-focus.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import './photos.css';

/** The viewer's zoom range (issue 4: from 1 to 4). */
export const VIEWER_MAX_ZOOM = 4;

interface PhotoViewerProps {
  /** Full-size images (server paths or local object URLs). */
  images: string[];
  /** The image shown first; null keeps the viewer closed. */
  index: number | null;
  /** Names each image for assistive technology: "Product photos 2". */
  label?: string;
  onClose: () => void;
}

/**
 * Full-screen photos on an opaque background, the counter in its own place at the top: swipe
 * between them (or the previous and next buttons), pinch or double-tap to zoom (1–4). A dialog
 * that holds the keyboard: Escape closes it and the focus returns to the photo tapped.
 */
export function PhotoViewer({ images, index, label, onClose }: PhotoViewerProps) {
  const { t } = useTranslation('photos');
  const field = label ?? t('viewer');
  const own = `photo-viewer-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const open = index !== null;
  const viewer = useRef<MultiImageViewerRef>(null);
  const [shown, setShown] = useState(index ?? 0);
  useEffect(() => setShown(index ?? 0), [index]);
  useHeldFocus(open, onClose);
  const step = (by: number) => viewer.current?.swipeTo(Math.min(images.length - 1, Math.max(0, shown + by)));

  // antd-mobile's mask hides everything in it from assistive technology (aria-hidden): make the
  // open viewer a named dialog instead, so that its photos and its close button can be reached.
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => {
      const mask = document.querySelector(`.${own}`)?.closest('.adm-mask');
      if (!mask) return;
      mask.removeAttribute('aria-hidden');
      mask.setAttribute('role', 'dialog');
      mask.setAttribute('aria-modal', 'true');
      mask.setAttribute('aria-label', field);
    });
    return () => cancelAnimationFrame(frame);
  }, [open, own, field]);

  return (
    <ImageViewer.Multi
      // A new index opens the viewer afresh at that photo.
      key={index ?? -1}
      ref={viewer}
      onIndexChange={setShown}
      images={images}
      defaultIndex={index ?? 0}
      visible={index !== null}
      maxZoom={VIEWER_MAX_ZOOM}
      onClose={onClose}
      classNames={{ mask: 'photo-viewer-mask', body: `photo-viewer ${own}` }}
      renderFooter={() => (
        <div className="photo-viewer__footer">
          {images.length > 1 ? (
            <button
              type="button"
              className="photo-viewer__step"
              aria-label={t('previous')}
              disabled={shown === 0}
              onClick={() => step(-1)}
            >
              <LeftOutline aria-hidden="true" />
            </button>
          ) : null}
          <button type="button" className="photo-viewer__close" onClick={onClose} data-autofocus>
            {t('close')}
          </button>
          {images.length > 1 ? (
            <button
              type="button"
              className="photo-viewer__step"
              aria-label={t('next')}
              disabled={shown === images.length - 1}
              onClick={() => step(1)}
            >
              <RightOutline aria-hidden="true" />
            </button>
          ) : null}
        </div>
      )}
      imageRender={(image, { ref, index: at }) => (
        <img ref={ref} src={image} draggable={false} alt={t('photo', { field, index: at + 1 })} />
      )}
    />
  );
}
