import { DownlandOutline } from 'antd-mobile-icons';
import { useDownload } from '../../../components/document-download.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLanguageStore } from '../../../stores/language-store.ts';
import { downloadCalibration, type Period } from '../api/calibration-queries.ts';

/** The period's figures as CSV, in the app's language: the numbers the page shows. */
export function ExportButton({ period }: { period: Period }) {
  const { t } = useTranslation('calibration');
  const lang = useLanguageStore((state) => state.currentLang);
  const { busy, run } = useDownload();
  return (
    <Button
      block
      color="primary"
      fill="outline"
      loading={busy !== null}
      onClick={() =>
        run(
          'file',
          () => downloadCalibration(period, lang),
          (name) => t('export.done', { name }),
        )
      }
      className="calibration-export"
    >
      <DownlandOutline aria-hidden /> {t('export.csv')}
    </Button>
  );
}
