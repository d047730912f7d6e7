import { Sheet } from '../../../components/sheet.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

export interface FigureHelpItem {
  key: string;
  label: string;
  text: string;
}

/** What each figure of a group counts; loaded at the first tap on its help button. */
export default function FiguresHelpSheet({
  title,
  items,
  open,
  onClose,
}: {
  title: string;
  items: FigureHelpItem[];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Sheet open={open} onClose={onClose} title={t('stats.helpTitle', { title })} className="figures-help">
      <dl className="figures-help__list">
        {items.map((item) => (
          <div key={item.key} className="figures-help__item" data-figure={item.key}>
            <dt>{item.label}</dt>
            <dd>{item.text}</dd>
          </div>
        ))}
      </dl>
      <Button block onClick={onClose}>
        {t('common:confirm')}
      </Button>
    </Sheet>
  );
}
