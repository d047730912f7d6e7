import type { PrivateUploadKind } from '@jewel/contract/upload';
import { MAX_PHOTOS_PER_FIELD } from '@jewel/contract/values/limits';
import { AddOutline, CloseOutline, RedoOutline } from 'antd-mobile-icons';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { thumbOf } from '../../lib/photos/photo-paths.ts';
import {
  addPhotos,
  entryStatus,
  forgetEntries,
  fullOf,
  type PickedPhoto,
  previewOf,
  retryUpload,
  unchecked,
  usePhotoUploads,
} from '../../lib/photos/photo-uploads.ts';
import { toast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { ChoiceSheet } from '../choice-sheet.tsx';
import { PhotoViewer } from './photo-viewer.tsx';
import './photos.css';

interface PhotoUploadFieldProps {
  /** What the photos show ("Size photos"): the group's name and each image's. */
  label: string;
  /** Stored paths and `local:<id>` entries (see photo-uploads.ts). */
  value: string[];
  onChange: (next: string[]) => void;
  /** Marks the add tile when the field has an error (the text is shown by the form). */
  invalid?: boolean;
  /** The id of the element holding the error text. */
  errorId?: string;
  max?: number;
  disabled?: boolean;
  /** Uploads as a private file of this kind (an identity document) rather than a photo. */
  target?: PrivateUploadKind;
  /** The group's visible title when it differs from `label` (the photos keep `label` as their name). */
  legend?: string;
  /** Looks at the chosen files before they are kept (the photo check); answers those to keep. */
  check?: (files: File[]) => Promise<PickedPhoto[]>;
}

/** A picture for one entry: the server's thumbnail, or the file on the device while it uploads. */
function usePreview(entry: string): string | null {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void previewOf(entry).then((next) => {
      if (live) setPreview(next);
    });
    return () => {
      live = false;
    };
  }, [entry]);
  return preview;
}

/** The picture of one entry, as soon as there is one to show (nothing before). */
export function PhotoImage({ entry, alt, className }: { entry: string; alt: string; className?: string }) {
  const preview = usePreview(entry);
  const uploaded = usePhotoUploads((current) => entryStatus(entry, current).url);
  const [broken, setBroken] = useState(false);
  const thumb = uploaded ? thumbOf(uploaded) : null;
  const shown = broken ? thumb : (preview ?? thumb);
  if (!shown) return null;
  return (
    <img
      className={className}
      src={shown}
      alt={alt}
      // A photo this browser cannot show (HEIC outside Safari): the server's JPEG thumbnail once uploaded.
      onError={() => setBroken(true)}
    />
  );
}

function PhotoTile({
  entry,
  name,
  onOpen,
  onDelete,
  disabled,
}: {
  entry: string;
  name: string;
  onOpen: () => void;
  onDelete: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('photos');
  const state = usePhotoUploads((current) => entryStatus(entry, current).state);
  const progress = usePhotoUploads((current) => current.progress[entry.slice('local:'.length)] ?? 0);
  const failed = state === 'failed' || state === 'missing';
  const busy = !failed && state !== 'done';
  return (
    <li className="photo-grid__cell" data-state={state}>
      <button type="button" className="photo-grid__tile" aria-label={t('open', { field: name })} onClick={onOpen}>
        <PhotoImage entry={entry} alt={name} className="photo-grid__image" />
      </button>
      {busy ? (
        <span
          className="photo-grid__overlay"
          role="progressbar"
          aria-label={state === 'uploading' ? t('uploading', { percent: progress }) : t('waiting')}
          aria-valuenow={state === 'uploading' ? progress : 0}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          {state === 'uploading' ? `${progress}%` : '…'}
        </span>
      ) : null}
      {failed ? (
        <button
          type="button"
          className="photo-grid__overlay photo-grid__overlay--failed"
          aria-label={t('retry')}
          onClick={() => (state === 'missing' ? onDelete() : retryUpload(entry))}
        >
          <RedoOutline aria-hidden />
        </button>
      ) : null}
      {disabled ? null : (
        <button type="button" className="photo-grid__delete" aria-label={t('delete')} onClick={onDelete}>
          <CloseOutline aria-hidden />
        </button>
      )}
    </li>
  );
}

/**
 * Photos of one form field: take one with the camera or pick several from the gallery; each
 * is made smaller on the phone, kept on the device and uploaded with its progress shown; a
 * failed one shows a retry mark; every photo opens in the viewer.
 */
export function PhotoUploadField({
  label,
  value,
  onChange,
  invalid,
  errorId,
  max = MAX_PHOTOS_PER_FIELD,
  disabled,
  target,
  legend,
  check,
}: PhotoUploadFieldProps) {
  const { t } = useTranslation('photos');
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const [choosing, setChoosing] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const labelId = useId();
  // The latest value, for uploads that finish after a re-render.
  const latest = useRef(value);
  latest.current = value;
  const room = max - value.length;

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = ''; // the same photo may be chosen again
    if (chosen.length === 0) return;
    const images = chosen.filter((file) => file.type.startsWith('image/') || /\.(heic|heif)$/i.test(file.name));
    if (images.length < chosen.length) toast(t('notImage'));
    if (images.length > room) toast(t('limit', { max }));
    const accepted = images.slice(0, Math.max(0, room));
    if (accepted.length === 0) return;
    void (check ? check(accepted) : Promise.resolve(unchecked(accepted))).then((kept) => {
      if (kept.length === 0) return;
      const entries = addPhotos(kept, () => toast(t('saveFailed')), target);
      onChange([...latest.current, ...entries]);
    });
  };

  const remove = (entry: string) => {
    onChange(latest.current.filter((item) => item !== entry));
    forgetEntries([entry]);
  };

  const viewerImages = value.map((entry) => fullOf(entry) ?? '');

  return (
    <fieldset className="photo-field" aria-labelledby={labelId} aria-describedby={errorId}>
      <legend id={labelId} className="photo-field__label">
        {legend ?? label}
      </legend>
      <ul className="photo-grid">
        {value.map((entry, index) => (
          <PhotoTile
            key={entry}
            entry={entry}
            name={t('photo', { field: label, index: index + 1 })}
            onOpen={() => setOpen(index)}
            onDelete={() => remove(entry)}
            disabled={disabled}
          />
        ))}
        {room > 0 && !disabled ? (
          <li className="photo-grid__cell">
            <button
              type="button"
              className={invalid ? 'photo-grid__add photo-grid__add--error' : 'photo-grid__add'}
              aria-invalid={invalid || undefined}
              onClick={() => setChoosing(true)}
            >
              <AddOutline aria-hidden />
              <span className="sr-only">{`${t('add')}: ${label}`}</span>
              <span className="figure">{t('count', { count: value.length, max })}</span>
            </button>
          </li>
        ) : null}
      </ul>
      <input
        ref={camera}
        className="photo-field__file"
        type="file"
        accept="image/*"
        capture="environment"
        data-source="camera"
        aria-label={`${t('camera')}: ${label}`}
        tabIndex={-1}
        onChange={pick}
      />
      <input
        ref={gallery}
        className="photo-field__file"
        type="file"
        accept="image/*,.heic,.heif"
        multiple
        data-source="gallery"
        aria-label={`${t('gallery')}: ${label}`}
        tabIndex={-1}
        onChange={pick}
      />
      <ChoiceSheet
        open={choosing}
        onClose={() => setChoosing(false)}
        title={`${t('add')}: ${label}`}
        choices={[
          { key: 'camera', label: t('camera'), onChoose: () => camera.current?.click() },
          { key: 'gallery', label: t('gallery'), onChoose: () => gallery.current?.click() },
        ]}
      />
      <PhotoViewer images={viewerImages} index={open} label={label} onClose={() => setOpen(null)} />
    </fieldset>
  );
}
