import type { PhotoShot } from '@jewel/contract/catalog';
import { MAX_PHOTOS_PER_FIELD } from '@jewel/contract/values/limits';
import { outlinePath } from '@jewel/contract/values/photo-guide';
import { CheckCircleFill, CloseOutline } from 'antd-mobile-icons';
import { type ChangeEvent, useRef, useState } from 'react';
import { ChoiceSheet } from '../../../components/choice-sheet.tsx';
import { PhotoImage, PhotoUploadField } from '../../../components/photos/photo-upload-field.tsx';
import { addPhotos, forgetEntries } from '../../../lib/photos/photo-uploads.ts';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { type CommodityDraft, picShots } from '../enroll-model.ts';
import { confirmPhotoQuality } from '../photo-check.tsx';

type Photos = Pick<CommodityDraft, 'product_pics' | 'product_pic_shots'>;

interface Pair {
  entry: string;
  shot: string;
}

/** Shot photos in the guide's order (the first is the item's picture in lists), extra photos after. */
function photosOf(pairs: Pair[], shots: PhotoShot[]): Photos {
  const rank = (shot: string) => {
    const index = shots.findIndex((item) => item.code === shot);
    return index < 0 ? shots.length : index;
  };
  const sorted = [...pairs].sort((a, b) => rank(a.shot) - rank(b.shot));
  return { product_pics: sorted.map((pair) => pair.entry), product_pic_shots: sorted.map((pair) => pair.shot) };
}

function pairsOf(value: Photos, shots: PhotoShot[]): Pair[] {
  const known = new Set(shots.map((shot) => shot.code));
  // A shot the category does not list (the category changed) counts as an extra photo.
  return picShots(value).map((shot, index) => ({
    entry: value.product_pics[index] ?? '',
    shot: known.has(shot) ? shot : '',
  }));
}

function ShotTile({
  shot,
  entry,
  disabled,
  onPick,
  onRemove,
}: {
  shot: PhotoShot;
  entry: string | undefined;
  disabled?: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation(['enroll', 'photos']);
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const [choosing, setChoosing] = useState(false);
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const [file] = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/') && !/\.(heic|heif)$/i.test(file.name)) {
      toast(t('photos:notImage'));
      return;
    }
    onPick(file);
  };
  const action = entry ? t('guide.retake', { shot: shot.name }) : t('guide.take', { shot: shot.name });
  return (
    <li className="shot-guide__cell" data-shot={shot.code} data-done={entry ? 'true' : 'false'}>
      <button
        type="button"
        className={entry ? 'shot-guide__tile shot-guide__tile--done' : 'shot-guide__tile'}
        disabled={disabled}
        onClick={() => setChoosing(true)}
      >
        <span className="shot-guide__picture">
          {entry ? (
            <PhotoImage entry={entry} alt="" className="shot-guide__image" />
          ) : (
            <span
              className="shot-guide__outline"
              aria-hidden
              style={{ maskImage: `url(${outlinePath(shot.outline)})` }}
            />
          )}
        </span>
        <span className="shot-guide__name">{shot.name}</span>
        <span className="shot-guide__state">
          {entry ? <CheckCircleFill aria-hidden /> : null}
          {entry ? t('guide.done') : t('guide.missing')}
        </span>
      </button>
      {entry && !disabled ? (
        <button
          type="button"
          className="shot-guide__remove"
          aria-label={t('guide.remove', { shot: shot.name })}
          onClick={onRemove}
        >
          <CloseOutline aria-hidden />
        </button>
      ) : null}
      <input
        ref={camera}
        className="photo-field__file"
        type="file"
        accept="image/*"
        capture="environment"
        data-source="shot-camera"
        aria-label={`${t('photos:camera')}: ${shot.name}`}
        tabIndex={-1}
        onChange={pick}
      />
      <input
        ref={gallery}
        className="photo-field__file"
        type="file"
        accept="image/*,.heic,.heif"
        data-source="shot-gallery"
        aria-label={`${t('photos:gallery')}: ${shot.name}`}
        tabIndex={-1}
        onChange={pick}
      />
      <ChoiceSheet
        open={choosing}
        onClose={() => setChoosing(false)}
        title={action}
        choices={[
          { key: 'camera', label: t('photos:camera'), onChoose: () => camera.current?.click() },
          { key: 'gallery', label: t('photos:gallery'), onChoose: () => gallery.current?.click() },
        ]}
      />
    </li>
  );
}

interface GuidedProductPhotosProps {
  shots: PhotoShot[];
  value: Photos;
  onChange: (patch: Photos) => void;
  /** The product photos' name ("Product photos"): the extra photos keep it as theirs. */
  label: string;
  invalid?: boolean;
  errorId?: string;
  disabled?: boolean;
}

/**
 * The product photos as the category's shot list (docs/decisions.md "The photo guide"): a tile
 * per shot with its outline hint, done or missing, and the extra photos after it. Missing shots
 * never block the submit; every photo goes through the phone's blur and darkness check.
 */
export function GuidedProductPhotos({
  shots,
  value,
  onChange,
  label,
  invalid,
  errorId,
  disabled,
}: GuidedProductPhotosProps) {
  const { t } = useTranslation('enroll');
  // The latest photos, for a check that answers after a re-render.
  const latest = useRef(value);
  latest.current = value;
  const pairs = pairsOf(value, shots);
  const byShot = new Map(pairs.filter((pair) => pair.shot).map((pair) => [pair.shot, pair.entry]));
  const missing = shots.filter((shot) => !byShot.has(shot.code));
  const extras = pairs.filter((pair) => !pair.shot).map((pair) => pair.entry);

  const pickShot = async (shot: PhotoShot, file: File) => {
    const [kept] = await confirmPhotoQuality([file]);
    if (!kept) return;
    const now = pairsOf(latest.current, shots);
    if (now.length >= MAX_PHOTOS_PER_FIELD && !now.some((pair) => pair.shot === shot.code)) {
      toast(t('photos:limit', { max: MAX_PHOTOS_PER_FIELD }));
      return;
    }
    const [entry] = addPhotos([kept], () => toast(t('photos:saveFailed')));
    if (!entry) return;
    const replaced = now.filter((pair) => pair.shot === shot.code).map((pair) => pair.entry);
    forgetEntries(replaced);
    onChange(photosOf([...now.filter((pair) => pair.shot !== shot.code), { entry, shot: shot.code }], shots));
  };

  const removeShot = (shot: PhotoShot) => {
    const now = pairsOf(latest.current, shots);
    forgetEntries(now.filter((pair) => pair.shot === shot.code).map((pair) => pair.entry));
    onChange(
      photosOf(
        now.filter((pair) => pair.shot !== shot.code),
        shots,
      ),
    );
  };

  const changeExtras = (next: string[]) => {
    const now = pairsOf(latest.current, shots);
    onChange(photosOf([...now.filter((pair) => pair.shot), ...next.map((entry) => ({ entry, shot: '' }))], shots));
  };

  return (
    <div className="shot-guide">
      <p className="shot-guide__summary" aria-live="polite">
        <span className="shot-guide__progress figure">
          {t('guide.progress', { done: shots.length - missing.length, total: shots.length })}
        </span>
        <span className={missing.length > 0 ? 'shot-guide__missing' : 'shot-guide__complete'}>
          {missing.length > 0
            ? t('guide.missingList', { names: missing.map((shot) => shot.name).join(t('guide.separator')) })
            : t('guide.allDone')}
        </span>
      </p>
      <ul className="shot-guide__list" aria-label={t('guide.title')}>
        {shots.map((shot) => (
          <ShotTile
            key={shot.code}
            shot={shot}
            entry={byShot.get(shot.code)}
            disabled={disabled}
            onPick={(file) => void pickShot(shot, file)}
            onRemove={() => removeShot(shot)}
          />
        ))}
      </ul>
      <PhotoUploadField
        label={label}
        legend={t('guide.other')}
        value={extras}
        onChange={changeExtras}
        invalid={invalid}
        errorId={errorId}
        max={Math.max(0, MAX_PHOTOS_PER_FIELD - byShot.size)}
        disabled={disabled}
        check={confirmPhotoQuality}
      />
    </div>
  );
}
