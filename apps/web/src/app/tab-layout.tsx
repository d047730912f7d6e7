import { paths } from '@jewel/contract/values/web-paths';
import { useQuery } from '@tanstack/react-query';
import { AppOutline, FileOutline, UnorderedListOutline, UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { unreadCountOptions } from '../features/notification/api/notification-queries.ts';
import { TabBar } from '../lib/antd-mobile.ts';
import { useAuthStore } from '../stores/auth-store.ts';

/** Tab pages: the page above, the 50 px tab bar below (SPEC.md §2). */
export function TabLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
      <nav className="tab-bar" aria-label={t('tabbar_label')}>
        <TabBar activeKey={active} onChange={(key) => navigate(key)} safeArea>
          {items.map((item) => (
            <TabBar.Item key={item.key} icon={item.icon} title={item.title} badge={item.badge} />
          ))}
        </TabBar>
      </nav>
    </div>
  );
}
