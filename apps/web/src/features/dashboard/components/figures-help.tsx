import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../../../components/sheet.tsx';
import { Button } from '../../../lib/antd-mobile.ts';

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
      <Sheet
        open={open}
        onClose={() => setOpen(false)}
        title={t('stats.helpTitle', { title })}
        className="figures-help"
      >
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
      </Sheet>
    </>
  );
}
