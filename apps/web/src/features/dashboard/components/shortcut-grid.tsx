import type { UserInfo } from '@jewel/contract/user';
import { paths } from '@jewel/contract/values/web-paths';
import {
  AddSquareOutline,
  BellOutline,
  BillOutline,
  CollectMoneyOutline,
  ExclamationShieldOutline,
  FileOutline,
  HistogramOutline,
  LinkOutline,
  LoopOutline,
  ShopbagOutline,
  UnorderedListOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import type { CSSProperties, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Badge } from '../../../lib/antd-mobile.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../dashboard.css';

interface Shortcut {
  /** `dashboard:shortcuts.<key>` is its label. */
  key: string;
  to: string;
  icon: ReactNode;
  /** The icon's tint: a colour of its own, never the primary blue (kept for actions and selection). */
  tone: string;
  shown(user: UserInfo): boolean;
}

const always = () => true;
const regular = (user: UserInfo) => user.is_tmp !== 1;

const SHORTCUTS: Shortcut[] = [
  {
    key: 'enroll',
    to: paths.commodityEnroll,
    icon: <AddSquareOutline />,
    tone: 'var(--app-tone-enroll)',
    // Not while reading as a recorder without the role (ADR 0104).
    shown: (user) => user.role_code === 'recorder' && user.read_only !== 1,
  },
  {
    key: 'customers',
    to: paths.customerList,
    icon: <UserContactOutline />,
    tone: 'var(--app-tone-customers)',
    shown: (user) => user.role_code === 'recorder',
  },
  {
    key: 'commodityList',
    to: paths.commodityList,
    icon: <UnorderedListOutline />,
    tone: 'var(--app-tone-commodity-list)',
    shown: always,
  },
  {
    key: 'revisitList',
    to: paths.revisitList,
    icon: <LoopOutline />,
    tone: 'var(--app-tone-revisit-list)',
    shown: (user) => user.role_code === 'valuers',
  },
  {
    key: 'inquiry',
    to: paths.inquiryList,
    icon: <CollectMoneyOutline />,
    tone: 'var(--app-tone-inquiry)',
    shown: always,
  },
  { key: 'restock', to: paths.restock, icon: <ShopbagOutline />, tone: 'var(--app-tone-restock)', shown: always },
  {
    key: 'watchList',
    to: paths.watchList,
    icon: <ExclamationShieldOutline />,
    tone: 'var(--app-tone-watch-list)',
    shown: regular,
  },
  {
    // The dealer's ledger: staff recorders only (PRODUCT.md).
    key: 'ledger',
    to: paths.ledger,
    icon: <BillOutline />,
    tone: 'var(--app-tone-ledger)',
    shown: (user) => user.role_code === 'recorder' && user.is_tmp !== 1,
  },
  {
    key: 'knowledge',
    to: paths.know,
    icon: <FileOutline />,
    tone: 'var(--app-tone-knowledge)',
    shown: (user) => user.knowledge_show === 1,
  },
  {
    key: 'information',
    to: paths.information,
    icon: <HistogramOutline />,
    tone: 'var(--app-tone-information)',
    shown: regular,
  },
  {
    key: 'temporaryLinks',
    to: paths.temporaryLink,
    icon: <LinkOutline />,
    tone: 'var(--app-tone-temporary-links)',
    // A guest link is made by a recorder or a valuer at work, never by one who only reads (ADR 0104).
    shown: (user) => regular(user) && user.read_only !== 1,
  },
  {
    key: 'notifications',
    to: paths.notifications,
    icon: <BellOutline />,
    tone: 'var(--app-tone-notifications)',
    shown: always,
  },
];

/** The count a shortcut carries, and the hidden text that names the button with it. */
const COUNTED: Record<string, { count: (counts: { unread: number; alerts: number }) => number; label: string }> = {
  notifications: { count: (counts) => counts.unread, label: 'shortcuts.notificationsUnread' },
  watchList: { count: (counts) => counts.alerts, label: 'shortcuts.watchListOpen' },
};

/**
 * An icon grid to each area the user may open; notifications carry the unread count, the watch
 * list the alerts waiting for an acknowledgement.
 */
export function ShortcutGrid({ user, unread, alerts = 0 }: { user: UserInfo; unread: number; alerts?: number }) {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  return (
    <section className="card dashboard-shortcuts" aria-labelledby="dashboard-shortcuts-title">
      <h2 id="dashboard-shortcuts-title" className="card__title">
        {t('shortcuts.title')}
      </h2>
      <div className="dashboard-shortcuts__grid">
        {SHORTCUTS.filter((shortcut) => shortcut.shown(user)).map((shortcut) => {
          const counted = COUNTED[shortcut.key];
          const count = counted ? counted.count({ unread, alerts }) : 0;
          const badge = count > 0 ? (count > 99 ? '99+' : count) : null;
          const icon = (
            <span className="dashboard-shortcut__icon" aria-hidden>
              {shortcut.icon}
            </span>
          );
          return (
            <button
              key={shortcut.key}
              type="button"
              className="dashboard-shortcut"
              style={{ '--tone': shortcut.tone } as CSSProperties}
              onClick={() => navigate(shortcut.to)}
            >
              {/* With a count, the button is named by the hidden text that says it, not by what it shows. */}
              {badge === null ? (
                icon
              ) : (
                <Badge content={badge} aria-hidden>
                  {icon}
                </Badge>
              )}
              <span className="dashboard-shortcut__label" aria-hidden={badge !== null || undefined}>
                {t(`shortcuts.${shortcut.key}`)}
              </span>
              {badge === null ? null : <span className="sr-only">{t(counted?.label ?? '', { count })}</span>}
            </button>
          );
        })}
      </div>
    </section>
  );
}
