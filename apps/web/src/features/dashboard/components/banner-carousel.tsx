import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Skeleton, Swiper } from '../../../lib/antd-mobile.ts';
import { bannersOptions } from '../api/dashboard-queries.ts';
import { SectionError } from './section-error.tsx';

const AUTOPLAY_MS = 4000;

/** In-app paths open in the app; web addresses in a new tab; anything else is ignored. */
function useOpenLink() {
  const navigate = useNavigate();
  return (link: string) => {
    if (link.startsWith('/') && !link.startsWith('//')) navigate(link);
    else if (/^https?:\/\//i.test(link)) window.open(link, '_blank', 'noopener,noreferrer');
  };
}

/** The banners above the dashboard: a skeleton while loading, nothing when there are none. */
export function BannerCarousel() {
  const { t } = useTranslation('dashboard');
  const banners = useQuery(bannersOptions());
  const open = useOpenLink();

  if (banners.isPending) return <Skeleton animated className="dashboard-banners__skeleton" />;
  if (banners.isError) return <SectionError message={t('banners.loadFailed')} onRetry={() => banners.refetch()} />;
  if (banners.data.length === 0) return null;

  const several = banners.data.length > 1;
  return (
    <section className="dashboard-banners" aria-label={t('banners.label')}>
      <Swiper
        autoplay={several}
        autoplayInterval={AUTOPLAY_MS}
        loop={several}
        indicator={several ? undefined : false}
        indicatorProps={{ color: 'white', className: 'dashboard-banners__indicator' }}
      >
        {banners.data.map((banner) => {
          const content = (
            <>
              <img
                className="dashboard-banners__image"
                src={banner.image}
                alt=""
                width={750}
                height={300}
                draggable={false}
              />
              <span className="dashboard-banners__title">{banner.title}</span>
            </>
          );
          return (
            <Swiper.Item key={banner.id}>
              {banner.link ? (
                <button type="button" className="dashboard-banners__slide" onClick={() => open(banner.link)}>
                  {content}
                </button>
              ) : (
                <div className="dashboard-banners__slide">{content}</div>
              )}
            </Swiper.Item>
          );
        })}
      </Swiper>
    </section>
  );
}
