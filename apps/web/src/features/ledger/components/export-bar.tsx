import { LEDGER_EXPORT_FORMATS } from '@jewel/contract/values/ledger';
import { ExportCard } from '../../../components/export-card.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { downloadLedger, type Period } from '../api/ledger-queries.ts';

/** The period as a CSV file or a printable PDF, in the language chosen (the app's by default). */
export function ExportBar({ period }: { period: Period }) {
  const { t } = useTranslation('ledger');
  return (
    <ExportCard
      title={t('export.title')}
      languageLabel={t('export.language')}
      choices={LEDGER_EXPORT_FORMATS.map((format) => ({
        key: format,
        label: t(`export.${format}`),
        ariaLabel: t(`export.${format}Label`, { ...period }),
        fetchFile: (lang) => downloadLedger(period, format, lang),
      }))}
      doneText={(name) => t('export.done', { name })}
    />
  );
}
