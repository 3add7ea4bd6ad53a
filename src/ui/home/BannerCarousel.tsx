import { Component, lazy, type MouseEvent, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Banner, BannerGroup } from '../../shared/announcements';
import { useSafeNavigate } from '../core/useSafeNavigate';
import { BANNER_HEIGHT, BANNER_WIDTH, EarlyBanner } from './EarlyBanner';
import { useHomeAnnouncements } from './useHomeAnnouncements';

/** Spec 2 and 9: the banner carousel's motion. */
export const BANNER_CAROUSEL = {
  loop: true,
  delayMs: 5000,
  speedMs: 1000,
  spaceBetween: 20.3,
} as const;

export { BANNER_HEIGHT, BANNER_WIDTH };

export type BannerTarget =
  { kind: 'none' } | { kind: 'internal'; path: string } | { kind: 'external'; url: string };

/**
 * What a click on the banner does, by linkageType (spec 2 "if linkageType allows"). The server
 * validates links at start; this checks again, so a bad link is a picture, never a
 * `javascript:` URL or a protocol-relative jump off the site.
 */
export function bannerTarget(banner: Pick<Banner, 'linkageType' | 'link'>): BannerTarget {
  const { linkageType, link } = banner;
  if (!link) return { kind: 'none' };
  if (linkageType === 'INTERNAL' && /^\/(?!\/)/.test(link) && !/\s/.test(link)) {
    return { kind: 'internal', path: link };
  }
  if (linkageType === 'EXTERNAL') {
    try {
      const url = new URL(link);
      if (url.protocol === 'https:' || url.protocol === 'http:') {
        return { kind: 'external', url: url.href };
      }
    } catch {
      // Not a URL: a picture only.
    }
  }
  return { kind: 'none' };
}

/** Spec 2: a carousel only when there is more than one banner; one is a plain image. */
export function bannerLayout(count: number): 'empty' | 'single' | 'carousel' {
  return count === 0 ? 'empty' : count === 1 ? 'single' : 'carousel';
}

/** A click with a modifier or another button keeps the browser's own behaviour (new tab…). */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * One banner: its image (with the title as alternative text) inside a link when its
 * linkageType allows one. `focusable` is false for the slides a carousel is not showing.
 */
export function BannerSlide({
  banner,
  eager = false,
  focusable = true,
}: {
  banner: Banner;
  eager?: boolean;
  focusable?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useSafeNavigate();
  const target = bannerTarget(banner);
  const image = (
    <img
      className="banner-image"
      src={banner.url}
      alt={banner.title}
      width={BANNER_WIDTH}
      height={BANNER_HEIGHT}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      draggable={false}
    />
  );
  const tabIndex = focusable ? undefined : -1;
  if (target.kind === 'internal') {
    return (
      <a
        className="banner-link"
        href={target.path}
        tabIndex={tabIndex}
        data-testid="banner-link"
        onClick={(event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          navigate(target.path);
        }}
      >
        {image}
      </a>
    );
  }
  if (target.kind === 'external') {
    return (
      <a
        className="banner-link"
        href={target.url}
        target="_blank"
        rel="noopener noreferrer"
        tabIndex={tabIndex}
        data-testid="banner-link"
      >
        {image}
        <span className="visually-hidden">{t('announcements.newTab')}</span>
      </a>
    );
  }
  return <div className="banner-picture">{image}</div>;
}

/**
 * Swiper (and its styles) is fetched only when there is more than one banner to turn. Until it
 * arrives, or if it never does, the first banner stands in its place: a banner is not worth an
 * error screen (a reload tries the chunk again).
 */
const BannerSwiper = lazy(() => import('./BannerSwiper'));

class SwiperBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * Spec 2 home banners: the group's banners (w_home by default) as a looping swiper carousel
 * with clickable dots, or a single image, or nothing when the group is empty.
 */
export function BannerCarousel({ group = 'w_home' }: { group?: BannerGroup }) {
  const { t } = useTranslation();
  const announcements = useHomeAnnouncements();
  const banners = (announcements?.banners ?? []).filter((banner) => banner.groupName === group);
  const layout = bannerLayout(banners.length);
  if (announcements === null) return <EarlyBanner />;
  if (layout === 'empty') return null;
  const first = <BannerSlide banner={banners[0]!} eager />;
  return (
    <section
      className="banner-carousel"
      aria-label={t('announcements.banners')}
      aria-roledescription="carousel"
      data-testid="banner-carousel"
      data-layout={layout}
    >
      {layout === 'single' ? (
        first
      ) : (
        <SwiperBoundary fallback={first}>
          <Suspense fallback={first}>
            <BannerSwiper banners={banners} />
          </Suspense>
        </SwiperBoundary>
      )}
    </section>
  );
}
