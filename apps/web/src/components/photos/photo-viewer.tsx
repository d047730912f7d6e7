import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageViewer } from '../../lib/antd-mobile.ts';
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
 * between them, pinch or double-tap to zoom (1–4).
 */
export function PhotoViewer({ images, index, label, onClose }: PhotoViewerProps) {
  const { t } = useTranslation('photos');
  const field = label ?? t('viewer');
  const own = `photo-viewer-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const open = index !== null;

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
      images={images}
      defaultIndex={index ?? 0}
      visible={index !== null}
      maxZoom={VIEWER_MAX_ZOOM}
      onClose={onClose}
      classNames={{ mask: 'photo-viewer-mask', body: `photo-viewer ${own}` }}
      renderFooter={() => (
        <div className="photo-viewer__footer">
          <button type="button" className="photo-viewer__close" onClick={onClose}>
            {t('close')}
          </button>
        </div>
      )}
      imageRender={(image, { ref, index: at }) => (
        <img ref={ref} src={image} draggable={false} alt={t('photo', { field, index: at + 1 })} />
      )}
    />
  );
}
