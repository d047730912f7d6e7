import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { useInfiniteQuery } from '@tanstack/react-query';
import { EyeInvisibleOutline, LoopOutline } from 'antd-mobile-icons';
import { Page } from '../../components/page.tsx';
import { StatusView } from '../../components/status-view.tsx';
import { reconsiderationListOptions } from '../../features/commodity/api/commodity-queries.ts';
import { CommodityListView } from '../../features/commodity/components/commodity-list-view.tsx';
import { useTranslation } from '../../lib/use-translation.ts';
import { useAuthStore } from '../../stores/auth-store.ts';
import '../../features/commodity/revisit-page.css';

/**
 * Reconsiderations waiting for a valuer (not their own first appraisals) and their own in
 * progress; a tap opens the appraisal page, which starts or continues the blind reconsideration.
 */
export default function RevisitListRoute() {
  const { t } = useTranslation('commodity');
  const valuer = useAuthStore((state) => state.user?.role_code === 'valuers');
  const query = useInfiniteQuery({ ...reconsiderationListOptions(), enabled: valuer });

  return (
    <Page>
      {valuer ? (
        <p className="commodity-blind-hint">
          <EyeInvisibleOutline aria-hidden />
          <span>{t('revisit.blindHint')}</span>
        </p>
      ) : null}
      {valuer ? (
        <CommodityListView
          query={query}
          hrefOf={(item) => withQuery(paths.commodityIdentify, { id: item.id })}
          empty={
            <StatusView icon={<LoopOutline />} title={t('revisit.emptyTitle')} description={t('revisit.emptyHint')} />
          }
        />
      ) : (
        <StatusView
          icon={<LoopOutline />}
          title={t('revisit.valuersOnly')}
          description={t('revisit.valuersOnlyHint')}
        />
      )}
    </Page>
  );
}
