import type { RoleCode } from '@jewel/contract/values/roles';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useState } from 'react';
import { loadNamespaces } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { FigureHelpItem } from './figures-help-sheet.tsx';
import '../dashboard.css';

// The sheet brings antd-mobile's Popup and its animation library: not on the dashboard's first load.
const FiguresHelpSheet = lazy(() => import('./figures-help-sheet.tsx'));

/**
 * A small help button beside a group of dashboard figures; it opens a sheet that says what each
 * figure of the group counts (docs/decisions.md "Dashboard figures, one stage each").
 */
export function FiguresHelp({ title, role, items }: { title: string; role: RoleCode; items: FigureHelpItem[] }) {
  const { t } = useTranslation('dashboard');
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  return (
    <>
      <button
        type="button"
        className="dashboard-stats__help"
        aria-label={t('stats.helpOpen', { title })}
        aria-haspopup="dialog"
        onClick={() => {
          // The explanations' texts load beside the sheet's code, not after it.
          void loadNamespaces(['dashboard-help']);
          setAsked(true);
          setOpen(true);
        }}
      >
        <QuestionCircleOutline aria-hidden />
      </button>
      {asked ? (
        <Suspense fallback={null}>
          <FiguresHelpSheet title={title} role={role} items={items} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
