import { WATCH_CSV_COLUMNS, WATCH_CSV_MAX_CHARS } from '@jewel/contract/values/watch';
import type { WatchImportResult } from '@jewel/contract/watch';
import { DownlandOutline } from 'antd-mobile-icons';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../lib/antd-mobile.ts';
import { saveFile } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useImportNotices } from '../api/watch-queries.ts';

/** A CSV cell: quoted when it holds a comma, a quote or a line break. */
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * The import's template: its columns, in their order, and one example row whose description is in
 * the reader's language; with a byte order mark, so that a spreadsheet reads it as UTF-8.
 */
function template(description: string) {
  const example = ['police', 'R-2026-0001', 'Cartier', 'Love', '', 'LOVE 2019', description];
  const text = `\uFEFF${[WATCH_CSV_COLUMNS, example].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
  return { blob: new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName: 'watch-list-template.csv' };
}

/**
 * A CSV file of notices (from the police or an association): read on the phone, sent as text;
 * the answer says how many were added and which lines were refused, and why. Its template
 * downloads from the same card.
 */
export function NoticeImport() {
  const { t } = useTranslation('watch');
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const run = useImportNotices();
  const [result, setResult] = useState<WatchImportResult | null>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (input.current) input.current.value = '';
    if (file.size > WATCH_CSV_MAX_CHARS * 4) {
      toast(t('import.tooLarge'));
      return;
    }
    const text = await file.text();
    if (text.length > WATCH_CSV_MAX_CHARS) {
      toast(t('import.tooLarge'));
      return;
    }
    setResult(null);
    setResult(await run.mutateAsync(text));
  };

  return (
    <section className="card watch-import" aria-labelledby={`${hintId}-title`}>
      <h2 id={`${hintId}-title`} className="card__title">
        {t('import.title')}
      </h2>
      <p id={hintId} className="muted watch-import__hint">
        {t('import.hint', { columns: WATCH_CSV_COLUMNS.join(',') })}
      </p>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv,text/plain"
        className="sr-only"
        aria-describedby={hintId}
        aria-label={t('import.choose')}
        data-testid="watch-import-file"
        onChange={(event) => {
          void pick(event.target.files?.[0]).catch(() => undefined);
        }}
      />
      <Button block fill="outline" loading={run.isPending} onClick={() => input.current?.click()}>
        {t('import.choose')}
      </Button>
      <Button block fill="none" color="primary" onClick={() => saveFile(template(t('import.templateExample')))}>
        <DownlandOutline aria-hidden /> {t('import.template')}
      </Button>
      {result ? (
        <div className="watch-import__result" role="status" data-testid="watch-import-result">
          <p className="watch-card__line">
            {t('import.summary', { imported: result.imported, rows: result.rows })}
            {result.matched > 0 ? ` ${t('import.matched', { count: result.matched })}` : ''}
          </p>
          {result.refused.length > 0 ? (
            <ul className="watch-import__refused">
              {result.refused.map((row) => (
                <li key={`${row.line}-${row.reason}`}>
                  {t('import.refusedRow', {
                    line: row.line,
                    reason: t(`import.reasons.${row.reason}`, { column: row.column ?? '' }),
                  })}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
