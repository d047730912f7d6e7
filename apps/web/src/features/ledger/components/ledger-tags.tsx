import type { LedgerEntry } from '@jewel/contract/ledger';
import { Tag } from '../../../lib/antd-mobile.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/** "Corrected" (a later entry corrects it), "Correction" (it corrects an earlier one), "Anonymized". */
export function LedgerTags({ entry }: { entry: Pick<LedgerEntry, 'corrects_id' | 'corrected_by_id' | 'anonymized'> }) {
  const { t } = useTranslation('ledger');
  return (
    <span className="ledger-tags">
      {entry.corrected_by_id !== null ? (
        <Tag color="warning" fill="outline" round data-tag="corrected">
          {t('tag.corrected')}
        </Tag>
      ) : null}
      {entry.corrects_id !== null ? (
        <Tag color="primary" fill="outline" round data-tag="correction">
          {t('tag.correction')}
        </Tag>
      ) : null}
      {entry.anonymized ? (
        <Tag color="default" fill="outline" round data-tag="anonymized">
          {t('tag.anonymized')}
        </Tag>
      ) : null}
    </span>
  );
}

/** How the seller's identity was checked, in words, with the masked document number. */
export function useMethodLabel() {
  const { t } = useTranslation('ledger');
  return (entry: Pick<LedgerEntry, 'identity_method' | 'identity_document_hint' | 'identity_document_expiry'>) => {
    const named = t(`method.${entry.identity_method}`, { defaultValue: entry.identity_method });
    // A My Number card is named by its expiry, never its number (issue 27 item 1).
    const method = entry.identity_document_expiry
      ? `${named} ${t('methodExpiry', { date: entry.identity_document_expiry })}`
      : named;
    return entry.identity_document_hint ? `${method} ${entry.identity_document_hint}` : method;
  };
}
