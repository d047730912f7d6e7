import type { RoleCode } from '@jewel/contract/values/roles';
import { Sheet } from '../../../components/sheet.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

export interface FigureHelpItem {
  key: string;
  label: string;
}

/**
 * What each figure of a group counts (`dashboard-help:<role>.<key>`); loaded, with those texts,
 * at the first tap on its help button: they are 40 % of the dashboard's texts.
 */
export default function FiguresHelpSheet({
  title,
  role,
  items,
  open,
  onClose,
}: {
  title: string;
  role: RoleCode;
  items: FigureHelpItem[];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['dashboard', 'dashboard-help']);
  return (
    <Sheet open={open} onClose={onClose} title={t('stats.helpTitle', { title })} className="figures-help">
      <dl className="figures-help__list">
        {items.map((item) => (
          <div key={item.key} className="figures-help__item" data-figure={item.key}>
            <dt>{item.label}</dt>
            <dd>{t(`dashboard-help:${role}.${item.key}`)}</dd>
          </div>
        ))}
      </dl>
      <Button block onClick={onClose}>
        {t('common:confirm')}
      </Button>
    </Sheet>
  );
}
