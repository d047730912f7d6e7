import { LANGS, type Lang } from '@jewel/contract/values/i18n';
import { LEDGER_EXPORT_FORMATS, type LedgerExportFormat } from '@jewel/contract/values/ledger';
import { DownlandOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceChip } from '../../../components/choice-chip.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { saveFile } from '../../../lib/api-client.ts';
import { successToast } from '../../../lib/toast.ts';
import { useLanguageStore } from '../../../stores/language-store.ts';
import { downloadLedger, type Period } from '../api/ledger-queries.ts';

/** The period as a CSV file or a printable PDF, in the language chosen (the app's by default). */
export function ExportBar({ period }: { period: Period }) {
  const { t } = useTranslation('ledger');
  const appLang = useLanguageStore((state) => state.currentLang);
  const [lang, setLang] = useState<Lang>(appLang);
  const [busy, setBusy] = useState<LedgerExportFormat | null>(null);
  const run = async (format: LedgerExportFormat) => {
    setBusy(format);
    try {
      const file = await downloadLedger(period, format, lang);
      saveFile(file);
      successToast(t('export.done', { name: file.fileName }));
    } catch {
      // The client said why in a toast.
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="card ledger-export" aria-labelledby="ledger-export-title">
      <div className="ledger-export__head">
        <h2 id="ledger-export-title" className="card__title">
          {t('export.title')}
        </h2>
        <span className="ledger-export__language">
          <span className="muted" aria-hidden>
            {t('export.language')}
          </span>
          <ChoiceChip
            label={t('export.language')}
            choices={LANGS.map((value) => ({ value, label: t(`common:language.${value}`) }))}
            allLabel={null}
            value={lang}
            onChange={(value) => setLang((value as Lang | null) ?? appLang)}
          />
        </span>
      </div>
      <div className="ledger-export__actions">
        {LEDGER_EXPORT_FORMATS.map((format) => (
          <Button
            key={format}
            block
            color="primary"
            fill="outline"
            loading={busy === format}
            disabled={busy !== null && busy !== format}
            aria-label={t(`export.${format}Label`, { ...period })}
            onClick={() => run(format)}
          >
            <DownlandOutline aria-hidden /> {t(`export.${format}`)}
          </Button>
        ))}
      </div>
    </section>
  );
}
