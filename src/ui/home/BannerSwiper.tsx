import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { A11y, Autoplay, Pagination } from 'swiper/modules';
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
 */
export default function BannerSwiper({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation();
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [reducedMotion] = useState(prefersReducedMotion);

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
      onFocus={() => {
        if (swiper?.autoplay.running) swiper.autoplay.pause();
      }}
      onBlur={(event) => {
        const stillInside = event.currentTarget.contains(event.relatedTarget as Node | null);
        if (!stillInside && swiper?.autoplay.paused) swiper.autoplay.resume();
      }}
    >
      <Swiper
        modules={[A11y, Autoplay, Pagination]}
        onSwiper={setSwiper}
        loop={BANNER_CAROUSEL.loop}
        // A dot pressed during the 1000 ms slide still counts (swiper would drop it in loop mode).
        loopPreventsSliding={false}
        speed={reducedMotion ? 0 : BANNER_CAROUSEL.speedMs}
        spaceBetween={BANNER_CAROUSEL.spaceBetween}
        slidesPerView={1}
        autoplay={
          reducedMotion
            ? false
            : {
                delay: BANNER_CAROUSEL.delayMs,
                disableOnInteraction: false,
                pauseOnMouseEnter: true,
              }
        }
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
