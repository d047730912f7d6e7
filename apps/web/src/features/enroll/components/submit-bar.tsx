import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../lib/antd-mobile.ts';
import { categoriesOptions } from '../../../lib/catalog.ts';
import { uploadSummary, usePhotoUploads } from '../../../lib/photos/photo-uploads.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNetworkStore } from '../../../stores/network-store.ts';
import { type CommodityDraft, photoEntriesOf, picShots } from '../enroll-model.ts';

interface SubmitBarProps {
  label: string;
  commodities: CommodityDraft[];
  submitting: boolean;
  onSubmit: () => void;
}

/** The form's primary action in the sticky bottom bar, with what stands in its way said above it. */
export function SubmitBar({ label, commodities, submitting, onSubmit }: SubmitBarProps) {
  const { t } = useTranslation('enroll');
  const uploads = usePhotoUploads((state) => {
    const summary = uploadSummary(photoEntriesOf(commodities), state);
    return `${summary.pending}/${summary.failed}`;
  });
  const [waiting = 0, failed = 0] = uploads.split('/').map(Number);
  // Offline, waiting photos are not in the way: the submit is kept with them (issue 29 item 13).
  const online = useNetworkStore((state) => state.online);
  // The photo guide's missing shots are named, never in the way (docs/decisions.md "The photo guide").
  const categories = useQuery(categoriesOptions()).data;
  const missingShots = commodities.flatMap((commodity, index) => {
    const shots = categories?.find((category) => category.id === commodity.category_id)?.shots ?? [];
    const taken = new Set(picShots(commodity));
    const missing = shots.filter((shot) => !taken.has(shot.code)).map((shot) => shot.name);
    return missing.length > 0 ? [{ index: index + 1, names: missing.join(t('guide.separator')) }] : [];
  });
  return (
    <div className="enroll-submit">
      {failed > 0 ? (
        <p className="enroll-submit__notice enroll-submit__notice--error" role="status">
          {t('errors.photosFailed')}
        </p>
      ) : waiting > 0 ? (
        <p className="enroll-submit__notice" role="status">
          {t(online ? 'errors.photosUploading' : 'errors.photosOffline')}
        </p>
      ) : null}
      {missingShots.length > 0 ? (
        <p className="enroll-submit__notice enroll-submit__notice--guide">
          {missingShots.map((item) => t('guide.submitMissing', item)).join(' ')}
        </p>
      ) : null}
      <Button block color="primary" size="large" loading={submitting} disabled={submitting} onClick={onSubmit}>
        {label}
      </Button>
    </div>
  );
}
