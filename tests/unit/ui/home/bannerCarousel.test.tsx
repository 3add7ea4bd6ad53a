// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BANNER_CAROUSEL,
  BannerCarousel,
  bannerLayout,
  bannerTarget,
} from '../../../../src/ui/home/BannerCarousel';
import { banner, renderHome, response, waitInAct } from './renderHome';

// Swiper itself is exercised in the browser (tests/e2e/homeBanners.spec.ts).
vi.mock('../../../../src/ui/home/BannerSwiper', () => ({
  default: ({ banners }: { banners: { id: string }[] }) => (
    <div data-testid="swiper">{banners.map((b) => b.id).join(',')}</div>
  ),
}));

describe('bannerTarget: what a click does, by linkageType', () => {
  it('opens a site path in the app for INTERNAL', () => {
    expect(bannerTarget({ linkageType: 'INTERNAL', link: '/promotions' })).toEqual({
      kind: 'internal',
      path: '/promotions',
    });
    expect(bannerTarget({ linkageType: 'INTERNAL', link: '/rng?vassalage=PG#top' })).toEqual({
      kind: 'internal',
      path: '/rng?vassalage=PG#top',
    });
  });

  it('opens an http(s) URL in a new tab for EXTERNAL', () => {
    expect(bannerTarget({ linkageType: 'EXTERNAL', link: 'https://example.com/a' })).toEqual({
      kind: 'external',
      url: 'https://example.com/a',
    });
  });

  it('does nothing for NONE, a missing link, or a link that does not fit its type', () => {
    const none = { kind: 'none' };
    expect(bannerTarget({ linkageType: 'NONE', link: null })).toEqual(none);
    expect(bannerTarget({ linkageType: 'NONE', link: '/promotions' })).toEqual(none);
    expect(bannerTarget({ linkageType: 'INTERNAL', link: null })).toEqual(none);
    expect(bannerTarget({ linkageType: 'INTERNAL', link: '' })).toEqual(none);
    expect(bannerTarget({ linkageType: 'INTERNAL', link: 'https://example.com' })).toEqual(none);
    expect(bannerTarget({ linkageType: 'INTERNAL', link: '//evil.example/x' })).toEqual(none);
    expect(bannerTarget({ linkageType: 'INTERNAL', link: '/a b' })).toEqual(none);
    expect(bannerTarget({ linkageType: 'EXTERNAL', link: 'javascript:alert(1)' })).toEqual(none);
    expect(bannerTarget({ linkageType: 'EXTERNAL', link: 'data:text/html,x' })).toEqual(none);
    expect(bannerTarget({ linkageType: 'EXTERNAL', link: 'not a url' })).toEqual(none);
    expect(bannerTarget({ linkageType: 'EXTERNAL', link: '/promotions' })).toEqual(none);
  });
});

describe('bannerLayout: a carousel only for more than one banner (spec 2)', () => {
  it('is empty, single or carousel by count', () => {
    expect(bannerLayout(0)).toBe('empty');
    expect(bannerLayout(1)).toBe('single');
    expect(bannerLayout(2)).toBe('carousel');
    expect(bannerLayout(7)).toBe('carousel');
  });

  it('turns with the spec 9 constants', () => {
    expect(BANNER_CAROUSEL).toEqual({
      loop: true,
      delayMs: 5000,
      speedMs: 1000,
      spaceBetween: 20.3,
    });
  });
});

describe('BannerCarousel', () => {
  let view: Awaited<ReturnType<typeof renderHome>> | undefined;
  afterEach(() => view?.unmount());

  it('asks for the spec 7 announcement types in the page language', async () => {
    view = await renderHome(<BannerCarousel />, async () => response());
    expect(view.get).toHaveBeenCalledWith('/wps/relay/MCSFE_getListAnnouncements', {
      searchParams: { types: 'B,PL,PU,PR', platform: 'W', execution: 'B', language: 'EN' },
    });
  });

  it('shows a placeholder while loading, then nothing when the group has no banner', async () => {
    let answer!: (value: ReturnType<typeof response>) => void;
    view = await renderHome(<BannerCarousel />, () => new Promise((resolve) => (answer = resolve)));
    expect(
      view.container.querySelector('[data-testid="banner-loading"] [role="status"]'),
    ).not.toBeNull();
    await act(async () => answer(response({ banners: [banner('a', { groupName: 'w_login' })] })));
    expect(view.container.innerHTML).toBe('');
  });

  it('shows the banner the server preloads while the announcements are on their way', async () => {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = '/banners/welcome.svg';
    link.setAttribute('data-home-banner', '');
    document.head.append(link);
    try {
      let answer!: (value: ReturnType<typeof response>) => void;
      view = await renderHome(
        <BannerCarousel />,
        () => new Promise((resolve) => (answer = resolve)),
      );
      const early = view.container.querySelector('[data-testid="banner-loading"] img');
      expect(early?.getAttribute('src')).toBe('/banners/welcome.svg');
      // A picture only (no link yet), and not announced twice.
      expect(early?.getAttribute('alt')).toBe('');
      expect(early?.closest('a')).toBeNull();
      await act(async () => answer(response({ banners: [banner('a')] })));
      expect(view.container.querySelector('[data-testid="banner-loading"]')).toBeNull();
      expect(view.container.querySelector('[data-testid="banner-carousel"] img')).not.toBeNull();
    } finally {
      link.remove();
    }
  });

  it('shows nothing when the call fails', async () => {
    view = await renderHome(<BannerCarousel />, async () => {
      throw new Error('offline');
    });
    await view.settle();
    expect(view.container.innerHTML).toBe('');
  });

  it('shows one banner as a plain image with its title as alternative text', async () => {
    view = await renderHome(<BannerCarousel />, async () =>
      response({
        banners: [
          banner('a', { linkageType: 'NONE', link: null }),
          banner('b', { groupName: 'w_login' }),
        ],
      }),
    );
    const section = view.container.querySelector('[data-testid="banner-carousel"]')!;
    expect(section.getAttribute('data-layout')).toBe('single');
    expect(section.querySelector('img')?.getAttribute('alt')).toBe('Banner a');
    expect(section.querySelector('a')).toBeNull();
    expect(view.container.querySelector('[data-testid="swiper"]')).toBeNull();
  });

  it('navigates in the app when an INTERNAL banner is clicked', async () => {
    view = await renderHome(<BannerCarousel />, async () =>
      response({ banners: [banner('a', { link: '/promotions' })] }),
    );
    const link = view.container.querySelector<HTMLAnchorElement>('a.banner-link')!;
    expect(link.getAttribute('href')).toBe('/promotions');
    expect(link.target).toBe('');
    await act(async () => link.click());
    expect(view.router.state.location.pathname).toBe('/promotions');
    expect(view.container.textContent).toContain('page:/promotions');
  });

  it('opens an EXTERNAL banner in a new tab without access to the page', async () => {
    view = await renderHome(<BannerCarousel />, async () =>
      response({
        banners: [banner('a', { linkageType: 'EXTERNAL', link: 'https://example.com/' })],
      }),
    );
    const link = view.container.querySelector<HTMLAnchorElement>('a.banner-link')!;
    expect(link.href).toBe('https://example.com/');
    expect(link.target).toBe('_blank');
    expect(link.rel.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
    expect(link.textContent).toContain('new tab');
  });

  it('loads the swiper carousel for more than one banner, the first banner standing in meanwhile', async () => {
    view = await renderHome(<BannerCarousel />, async () =>
      response({ banners: [banner('a'), banner('b'), banner('c')] }),
    );
    const section = view.container.querySelector('[data-testid="banner-carousel"]')!;
    expect(section.getAttribute('data-layout')).toBe('carousel');
    await waitInAct(() => {
      expect(view!.container.querySelector('[data-testid="swiper"]')?.textContent).toBe('a,b,c');
    });
  });

  it('asks again after login (spec 4: the logged-in transition loads announcements)', async () => {
    view = await renderHome(<BannerCarousel />, async () => response({ banners: [banner('a')] }));
    expect(view.get).toHaveBeenCalledTimes(1);
    await act(async () => view!.loggedIn$.next(true));
    await view.settle();
    expect(view.get).toHaveBeenCalledTimes(2);
  });
});
