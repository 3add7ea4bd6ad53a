import { useTranslation } from 'react-i18next';
import { BANNER_HEIGHT, BANNER_WIDTH } from '../../shared/banner';

export { BANNER_HEIGHT, BANNER_WIDTH };

/** The first home banner's image as the server preloads it in the page (appShell.ts), if it does. */
export function earlyHomeBanner(): string | null {
  if (typeof document === 'undefined') return null;
  return (
    document.querySelector('link[rel="preload"][data-home-banner]')?.getAttribute('href') ?? null
  );
}

/**
 * The banner's box before the carousel can show: the image the server already preloads (a
 * picture only, not yet a link), or a shimmer. In the first download (with the hero), so the
 * page's largest picture does not wait for the lobby's chunk or the announcements; the carousel
 * takes the same box when they arrive.
 */
export function EarlyBanner() {
  const { t } = useTranslation();
  const early = earlyHomeBanner();
  return (
    <div
      className={`banner-carousel ${early ? '' : 'banner-loading'}`}
      data-testid="banner-loading"
    >
      {early && (
        <img
          className="banner-image"
          src={early}
          alt=""
          width={BANNER_WIDTH}
          height={BANNER_HEIGHT}
          fetchPriority="high"
          draggable={false}
        />
      )}
      <span role="status" className="visually-hidden">
        {t('common.loading')}
      </span>
    </div>
  );
}
