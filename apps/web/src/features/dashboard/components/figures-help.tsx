import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Popup } from '../../../lib/antd-mobile.ts';

/**
 * A small help button beside a group of dashboard figures; it opens a sheet that says what each
 * figure of the group counts (docs/decisions.md "Dashboard figures, one stage each").
 */
export function FiguresHelp({
  title,
  items,
}: {
  title: string;
  items: { key: string; label: string; text: string }[];
}) {
  const { t } = useTranslation('dashboard');
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      <button
        type="button"
        className="dashboard-stats__help"
        aria-label={t('stats.helpOpen', { title })}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <QuestionCircleOutline aria-hidden />
      </button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} destroyOnClose>
        <div className="figures-help" role="dialog" aria-modal="true" aria-labelledby={titleId}>
          <h2 id={titleId} className="card__title">
            {t('stats.helpTitle', { title })}
          </h2>
          <dl className="figures-help__list">
            {items.map((item) => (
              <div key={item.key} className="figures-help__item" data-figure={item.key}>
                <dt>{item.label}</dt>
                <dd>{item.text}</dd>
              </div>
            ))}
          </dl>
          <Button block onClick={() => setOpen(false)}>
            {t('common:confirm')}
          </Button>
        </div>
      </Popup>
    </>
  );
}
