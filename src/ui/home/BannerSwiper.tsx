import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { A11y, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import 'swiper/css';
import 'swiper/css/a11y';
import 'swiper/css/pagination';
import type { Banner } from '../../shared/announcements';
import { BANNER_CAROUSEL, BannerSlide } from './BannerCarousel';

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * The banner carousel proper (spec 2, 9): swiper looping every 5000 ms with a 1000 ms slide and
 * 20.3 px between slides, clickable dots. Its own chunk, loaded only for two or more banners.
 *
 * Accessibility: the dots are buttons (swiper's a11y module: labels, Enter, aria-current); the
 * arrow keys turn the slides while focus is inside; autoplay pauses under the pointer and while
 * focus is inside, and is off for people who ask for reduced motion; only the shown slide's
 * link can take focus.
 *
 * The turning is a timer here, not swiper's Autoplay module: that one runs a
 * requestAnimationFrame loop for its whole life (to report the time left), which on a phone
 * kept the main thread busy on every frame of the home page. The wait starts again after every
 * slide (automatic, dot, arrow key or swipe) and nothing turns in a hidden tab.
 */
export default function BannerSwiper({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation();
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [reducedMotion] = useState(prefersReducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;

  useEffect(() => {
    if (!swiper || reducedMotion || paused) return;
    let timer: ReturnType<typeof setTimeout>;
    const wait = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (document.hidden || swiper.destroyed) wait();
        else swiper.slideNext();
      }, BANNER_CAROUSEL.delayMs);
    };
    swiper.on('slideChangeTransitionEnd', wait);
    wait();
    return () => {
      clearTimeout(timer);
      swiper.off('slideChangeTransitionEnd', wait);
    };
  }, [swiper, reducedMotion, paused]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!swiper) return;
    if (event.key === 'ArrowRight') swiper.slideNext();
    else if (event.key === 'ArrowLeft') swiper.slidePrev();
    else return;
    event.preventDefault();
  };

  return (
    <div
      className="banner-swiper"
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <Swiper
        modules={[A11y, Pagination]}
        onSwiper={setSwiper}
        loop={BANNER_CAROUSEL.loop}
        // A dot pressed during the 1000 ms slide still counts (swiper would drop it in loop mode).
        loopPreventsSliding={false}
        speed={reducedMotion ? 0 : BANNER_CAROUSEL.speedMs}
        spaceBetween={BANNER_CAROUSEL.spaceBetween}
        slidesPerView={1}
        pagination={{ clickable: true }}
        a11y={{
          // Swiper fills {{index}} and {{slidesLength}} itself.
          paginationBulletMessage: t('announcements.goToBanner', { index: '{{index}}' }),
          slideLabelMessage: '{{index}} / {{slidesLength}}',
          itemRoleDescriptionMessage: t('announcements.banner'),
        }}
      >
        {banners.map((banner, index) => (
          <SwiperSlide key={banner.id} data-banner-id={banner.id}>
            {({ isActive }) => (
              <BannerSlide banner={banner} eager={index === 0} focusable={isActive} />
            )}
          </SwiperSlide>
        ))}
      </Swiper>
    </div>
  );
}
