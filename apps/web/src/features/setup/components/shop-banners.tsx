import type { BannerInput, BannerRecord } from '@jewel/contract/shop';
import { useQuery } from '@tanstack/react-query';
import { AddOutline, RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { Sheet } from '../../../components/sheet.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../../components/state-views.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLanguageStore } from '../../../stores/language-store.ts';
import { shopBannersOptions } from '../api/shop-queries.ts';
import { BannerForm } from './banner-form.tsx';

const emptyBanner = (): BannerInput => ({
  title: { 'zh-Hans': '', 'zh-Hant': '', en: '', ja: '' },
  text: { 'zh-Hans': '', 'zh-Hant': '', en: '', ja: '' },
  image: '',
  link: '',
  active: true,
});

/**
 * The dashboard's banners (issue 28 item 6), for managers: each with its picture, its title in
 * the reader's language and whether it is shown; one opens in its form, a new one is added last.
 */
export function ShopBanners() {
  const { t } = useTranslation('shop');
  const lang = useLanguageStore((state) => state.currentLang);
  const query = useQuery(shopBannersOptions());
  const [editing, setEditing] = useState<{ banner: BannerRecord | null } | null>(null);
  return (
    <section className="card shop-banners" aria-labelledby="shop-banners">
      <div className="shop-banners__head">
        <h2 className="card__title" id="shop-banners">
          {t('banners.title')}
        </h2>
        <Button size="small" color="primary" fill="outline" onClick={() => setEditing({ banner: null })}>
          <AddOutline aria-hidden /> {t('banners.add')}
        </Button>
      </div>
      {query.isPending ? (
        <LoadingRows rows={3} />
      ) : query.isError && !query.data ? (
        <LoadError onRetry={() => query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState title={t('banners.empty')} description={t('banners.emptyHint')} />
      ) : (
        <ul className="shop-banners__list" aria-labelledby="shop-banners">
          {query.data.map((banner) => (
            <li key={banner.id}>
              <button type="button" className="shop-banners__row" onClick={() => setEditing({ banner })}>
                <img className="shop-banners__image" src={banner.image} alt="" />
                <span className="shop-banners__title">{banner.title[lang]}</span>
                {banner.active ? null : <span className="shop-banners__hidden">{t('banners.hidden')}</span>}
                <RightOutline aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Sheet
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={t(editing?.banner ? 'banners.editTitle' : 'banners.addTitle')}
      >
        {editing === null ? null : (
          <BannerForm
            id={editing.banner?.id ?? null}
            initial={editing.banner ? { ...editing.banner } : emptyBanner()}
            onDone={() => setEditing(null)}
          />
        )}
      </Sheet>
    </section>
  );
}
