import { DownlandOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../lib/antd-mobile.ts';
import { saveFile } from '../../../lib/api-client.ts';
import { successToast } from '../../../lib/toast.ts';
import { useLanguageStore } from '../../../stores/language-store.ts';
import { downloadCalibration, type Period } from '../api/calibration-queries.ts';

/** The period's figures as CSV, in the app's language: the numbers the page shows. */
export function ExportButton({ period }: { period: Period }) {
  const { t } = useTranslation('calibration');
  const lang = useLanguageStore((state) => state.currentLang);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const file = await downloadCalibration(period, lang);
      saveFile(file);
      successToast(t('export.done', { name: file.fileName }));
    } catch {
      // The client said why in a toast.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button block color="primary" fill="outline" loading={busy} onClick={run} className="calibration-export">
      <DownlandOutline aria-hidden /> {t('export.csv')}
    </Button>
  );
}
