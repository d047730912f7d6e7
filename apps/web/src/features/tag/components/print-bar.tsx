import { TAG_SHEET_MAX } from '@jewel/contract/values/tag';
import { useDownload } from '../../../components/document-download.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLanguageStore } from '../../../stores/language-store.ts';
import { downloadTagSheet } from '../api/tag-queries.ts';
import { useTagLayout } from '../tag-layout-store.ts';
import '../tag.css';

/** The tags page's footer: how many are chosen, clear, and print them as a PDF in the chosen layout. */
export function PrintBar({ ids, onClear }: { ids: number[]; onClear: () => void }) {
  const { t } = useTranslation('tag');
  const lang = useLanguageStore((state) => state.currentLang);
  const { layout, startAt, setStartAt } = useTagLayout();
  const { busy: printing, run } = useDownload();
  const busy = printing !== null;
  const tooMany = ids.length > TAG_SHEET_MAX;
  const print = () =>
    run(
      'file',
      async () => {
        const file = await downloadTagSheet({ ids, lang, layout, start_at: startAt });
        // The sheet in the printer has moved on: the next print starts a new one.
        setStartAt(1);
        return file;
      },
      (name) => t('tags.done', { name }),
    );
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
