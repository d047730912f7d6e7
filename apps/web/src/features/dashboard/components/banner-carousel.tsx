import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Skeleton } from '../../../lib/antd-mobile.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { bannersOptions } from '../api/dashboard-queries.ts';
import { SectionError } from './section-error.tsx';
import '../dashboard.css';

const AUTOPLAY_MS = 4000;

/** In-app paths open in the app; web addresses in a new tab; anything else is ignored. */
function useOpenLink() {
  const navigate = useNavigate();
  return (link: string) => {
    if (link.startsWith('/') && !link.startsWith('//')) navigate(link);
    else if (/^https?:\/\//i.test(link)) window.open(link, '_blank', 'noopener,noreferrer');
  };
}

/**
 * Slides in a native scroll-snap strip: the browser does the swiping, with momentum, and no
 * animation library loads with the first page. It advances by itself unless touched.
 */
function useAutoplay(count: number) {
  const strip = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = window.setInterval(() => {
      const element = strip.current;
      if (!element) return;
      const next = (Math.round(element.scrollLeft / element.clientWidth) + 1) % count;
      element.scrollTo({ left: next * element.clientWidth, behavior: 'smooth' });
    }, AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [count, paused]);
  const onScroll = () => {
    const element = strip.current;
    if (element) setCurrent(Math.round(element.scrollLeft / element.clientWidth));
  };
  return { strip, current, onScroll, pause: () => setPaused(true) };
}

/** The banners above the dashboard: a skeleton while loading, nothing when there are none. */
export function BannerCarousel() {
  const { t } = useTranslation('dashboard');
  const banners = useQuery(bannersOptions());
  const open = useOpenLink();
  const { strip, current, onScroll, pause } = useAutoplay(banners.data?.length ?? 0);

  if (banners.isPending) return <Skeleton animated className="dashboard-banners__skeleton" />;
  if (banners.isError) return <SectionError message={t('banners.loadFailed')} onRetry={() => banners.refetch()} />;
  if (banners.data.length === 0) return null;

  return (
    <section className="dashboard-banners" aria-label={t('banners.label')}>
      <div
        className="dashboard-banners__strip"
        ref={strip}
        onScroll={onScroll}
        onTouchStart={pause}
        onPointerDown={pause}
      >
        {banners.data.map((banner, index) => {
          const content = (
            <>
              <img
                className="dashboard-banners__image"
                src={banner.image}
                alt=""
                width={750}
                height={300}
                draggable={false}
                fetchPriority={index === 0 ? 'high' : 'low'}
              />
              <span className="dashboard-banners__title">
                {banner.title}
                {banner.text ? <span className="dashboard-banners__text">{banner.text}</span> : null}
              </span>
            </>
          );
          return banner.link ? (
            <button
              key={banner.id}
              type="button"
              className="dashboard-banners__slide"
              onClick={() => open(banner.link)}
            >
              {content}
            </button>
          ) : (
            <div key={banner.id} className="dashboard-banners__slide">
              {content}
            </div>
          );
        })}
      </div>
      {banners.data.length > 1 ? (
        <div className="dashboard-banners__dots" aria-hidden="true">
          {banners.data.map((banner, index) => (
            <span
              key={banner.id}
              className={index === current ? 'dashboard-banners__dot is-current' : 'dashboard-banners__dot'}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
