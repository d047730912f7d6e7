import { TAG_LAYOUTS } from '@jewel/contract/values/tag';
import { useId } from 'react';
import { Input } from '../../../lib/input.ts';
import { Selector } from '../../../lib/selector.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { LAST_LABEL, useTagLayout } from '../tag-layout-store.ts';
import '../tag.css';

/**
 * Where the tags are printed (issue 29 item 4): the A4 sheet of 21 from a chosen label on, or a
 * label printer's labels, one a page of the label's size for the printer's own driver.
 */
export function LabelSettings() {
  const { t } = useTranslation('tag');
  const { layout, startAt, setLayout, setStartAt } = useTagLayout();
  const titleId = useId();
  const startId = useId();
  return (
    <section className="card tag-layout" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('layout.title')}
      </h2>
      <Selector
        columns={2}
        showCheckMark={false}
        value={[layout]}
        onChange={([next]) => next && setLayout(next)}
        options={TAG_LAYOUTS.map((value) => ({ value, label: t(`layout.${value}`) }))}
        aria-labelledby={titleId}
      />
      {layout === 'a4-21' ? (
        <div className="tag-layout__start">
          <label htmlFor={startId}>{t('layout.startAt')}</label>
          <Input
            id={startId}
            type="number"
            inputMode="numeric"
            min={1}
            max={LAST_LABEL}
            value={String(startAt)}
            onChange={(value) => setStartAt(Number(value))}
            aria-describedby={`${startId}-hint`}
          />
          <p id={`${startId}-hint`} className="muted tag-layout__hint">
            {t('layout.startAtHint', { last: LAST_LABEL })}
          </p>
        </div>
      ) : (
        <p className="muted tag-layout__hint">{t('layout.printerHint')}</p>
      )}
    </section>
  );
}
