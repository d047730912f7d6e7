import { LEDGER_EXPORT_FORMATS, type LedgerExportFormat } from '@jewel/contract/values/ledger';
import { DownlandOutline } from 'antd-mobile-icons';
import { DocumentLanguageChip, useDocumentLanguage, useDownload } from '../../../components/document-download.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { downloadLedger, type Period } from '../api/ledger-queries.ts';

/** The period as a CSV file or a printable PDF, in the language chosen (the app's by default). */
export function ExportBar({ period }: { period: Period }) {
  const { t } = useTranslation('ledger');
  const [lang, setLang] = useDocumentLanguage();
  const { busy, run } = useDownload<LedgerExportFormat>();
  return (
    <section className="card ledger-export" aria-labelledby="ledger-export-title">
      <div className="ledger-export__head">
        <h2 id="ledger-export-title" className="card__title">
          {t('export.title')}
        </h2>
        <DocumentLanguageChip
          className="ledger-export__language"
          label={t('export.language')}
          value={lang}
          onChange={setLang}
        />
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
            onClick={() =>
              run(
                format,
                () => downloadLedger(period, format, lang),
                (name) => t('export.done', { name }),
              )
            }
          >
            <DownlandOutline aria-hidden /> {t(`export.${format}`)}
          </Button>
        ))}
      </div>
    </section>
  );
}
