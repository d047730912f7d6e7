import { TAG_SHEET_MAX } from '@jewel/contract/values/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../lib/antd-mobile.ts';
import { saveFile } from '../../../lib/api-client.ts';
import { successToast } from '../../../lib/toast.ts';
import { useLanguageStore } from '../../../stores/language-store.ts';
import { downloadTagSheet } from '../api/tag-queries.ts';
import '../tag.css';

/** The tags page's footer: how many are chosen, clear, and print them as a PDF sheet. */
export function PrintBar({ ids, onClear }: { ids: number[]; onClear: () => void }) {
  const { t } = useTranslation('tag');
  const lang = useLanguageStore((state) => state.currentLang);
  const [busy, setBusy] = useState(false);
  const tooMany = ids.length > TAG_SHEET_MAX;
  const print = async () => {
    setBusy(true);
    try {
      const file = await downloadTagSheet(ids, lang);
      saveFile(file);
      successToast(t('tags.done', { name: file.fileName }));
    } catch {
      // The client said why in a toast.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="tag-print-bar">
      <span className="tag-print-bar__count" aria-live="polite">
        {tooMany ? t('tags.tooMany', { max: TAG_SHEET_MAX }) : t('tags.selected', { count: ids.length })}
      </span>
      {ids.length > 0 ? (
        <button type="button" className="link-button" onClick={onClear}>
          {t('tags.clear')}
        </button>
      ) : null}
      <Button
        color="primary"
        className="tag-print-bar__action"
        loading={busy}
        disabled={ids.length === 0 || tooMany || busy}
        onClick={print}
      >
        {t('tags.print', { count: ids.length })}
      </Button>
    </div>
  );
}
