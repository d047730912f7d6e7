import { paths } from '@jewel/contract/values/web-paths';
import { useQuery } from '@tanstack/react-query';
import { AppOutline, FileOutline, UnorderedListOutline, UserOutline } from 'antd-mobile-icons';
import 'antd-mobile/es/components/tab-bar/tab-bar.css';
import { Outlet, useLocation } from 'react-router';
import { Link } from '../components/link.tsx';
import { unreadCountOptions } from '../features/notification/api/notification-queries.ts';
import { Badge, SafeArea } from '../lib/antd-mobile.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { useAuthStore } from '../stores/auth-store.ts';

/** Tab pages: the page above, the 50 px tab bar below (SPEC.md §2). */
export function TabLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const knowledgeShown = useAuthStore((state) => state.user?.knowledge_show === 1);
  const guest = useAuthStore((state) => state.user?.is_tmp === 1);
  const unread = useQuery(unreadCountOptions()).data ?? 0;
  const active = pathname === paths.root ? paths.home : pathname;

  const items = [
    { key: paths.home, title: t('tabbar_home'), icon: <AppOutline /> },
    ...(knowledgeShown ? [{ key: paths.know, title: t('tabbar_know'), icon: <FileOutline /> }] : []),
    // The data base is the shop's: temporary users never see it (PRODUCT.md).
    ...(guest ? [] : [{ key: paths.information, title: t('tabbar_information'), icon: <UnorderedListOutline /> }]),
    {
      key: paths.userCenter,
      title: t('tabbar_user'),
      icon: <UserOutline />,
      badge: unread > 0 ? (unread > 99 ? '99+' : unread) : undefined,
    },
  ];

  return (
    <div className="tab-layout">
      <Outlet />
      {/* antd-mobile's TabBar, drawn with its styles: its items are bare <div>s no key reaches; these are links. */}
      <nav className="tab-bar adm-tab-bar" aria-label={t('tabbar_label')}>
        <div className="adm-tab-bar-wrap">
          {items.map((item) => (
            <Link
              key={item.key}
              to={item.key}
              className={item.key === active ? 'adm-tab-bar-item adm-tab-bar-item-active' : 'adm-tab-bar-item'}
              aria-current={item.key === active ? 'page' : undefined}
            >
              <Badge content={item.badge} className="adm-tab-bar-icon-badge">
                <span className="adm-tab-bar-item-icon" aria-hidden="true">
                  {item.icon}
                </span>
              </Badge>
              <span className="adm-tab-bar-item-title adm-tab-bar-item-title-with-icon">{item.title}</span>
            </Link>
          ))}
        </div>
        <SafeArea position="bottom" />
      </nav>
    </div>
  );
}
