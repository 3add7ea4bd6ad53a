// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { marqueeSeconds, NoticeMarquee } from '../../../../src/ui/home/NoticeMarquee';
import { NOTICE_PAGE_SIZE, pageHolding, pageOf } from '../../../../src/ui/home/NoticePopup';
import type { AnnouncementItem } from '../../../../src/shared/announcements';
import { renderHome, response, waitInAct } from './renderHome';

beforeAll(() => {
  // jsdom has no modal dialogs; the browser behaviour is covered by the Playwright tests.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
});

const notice = (id: string, content = `<p>About ${id}</p>`): AnnouncementItem => ({
  id,
  title: `Notice ${id}`,
  content,
  promotionType: null,
});

describe('notice paging (spec 9: page size 9)', () => {
  const items = Array.from({ length: 20 }, (_, index) => index);

  it('cuts nine to a page and clamps the page into range', () => {
    expect(NOTICE_PAGE_SIZE).toBe(9);
    expect(pageOf(items, 1)).toEqual({ items: items.slice(0, 9), page: 1, pages: 3 });
    expect(pageOf(items, 3)).toEqual({ items: [18, 19], page: 3, pages: 3 });
    expect(pageOf(items, 9).page).toBe(3);
    expect(pageOf(items, 0).page).toBe(1);
    expect(pageOf(items, Number.NaN).page).toBe(1);
    expect(pageOf([], 1)).toEqual({ items: [], page: 1, pages: 1 });
  });

  it('finds the page that holds a notice', () => {
    const notices = items.map((index) => ({ id: `n${index}` }));
    expect(pageHolding(notices, 'n0')).toBe(1);
    expect(pageHolding(notices, 'n9')).toBe(2);
    expect(pageHolding(notices, 'n19')).toBe(3);
    expect(pageHolding(notices, 'missing')).toBe(1);
    expect(pageHolding(notices, null)).toBe(1);
  });

  it('scrolls longer lists more slowly, never faster than one pass in 12 s', () => {
    expect(marqueeSeconds([{ title: 'Hi' }])).toBe(12);
    expect(marqueeSeconds([{ title: 'x'.repeat(394) }])).toBe(50);
  });
});

describe('NoticeMarquee', () => {
  let view: Awaited<ReturnType<typeof renderHome>> | undefined;
  afterEach(() => view?.unmount());

  it('shows nothing without notices', async () => {
    view = await renderHome(<NoticeMarquee />, async () => response());
    expect(view.container.innerHTML).toBe('');
  });

  it('scrolls the titles in one button, the seamless copy hidden from screen readers', async () => {
    view = await renderHome(<NoticeMarquee />, async () =>
      response({ player: [notice('a'), notice('b')] }),
    );
    const button = view.container.querySelector<HTMLButtonElement>(
      '[data-testid="notice-marquee-button"]',
    )!;
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    const [run, copy] = button.querySelectorAll('.notice-run');
    expect(run?.textContent).toContain('Notice a');
    expect(run?.textContent).toContain('Notice b');
    expect(copy?.getAttribute('aria-hidden')).toBe('true');
  });

  it('opens the notice list with the sanitised content, on the clicked notice', async () => {
    view = await renderHome(<NoticeMarquee />, async () =>
      response({
        player: [
          notice('a'),
          notice(
            'b',
            '<p>Safe <strong>bold</strong></p><img src=x onerror="alert(1)"><script>alert(2)</script>',
          ),
        ],
      }),
    );
    const title = view.container.querySelector<HTMLElement>('.notice-run [data-notice-id="b"]')!;
    await act(async () => title.click());
    const dialog = view.container.querySelector('dialog[data-modal="notices"]')!;
    expect(dialog).not.toBeNull();
    expect(dialog.textContent).toContain('Notices');
    await waitInAct(() =>
      expect(dialog.querySelector('#notice-b strong')?.textContent).toBe('bold'),
    );
    expect(dialog.querySelector('#notice-b')?.getAttribute('data-selected')).toBe('true');
    expect(dialog.querySelector('#notice-a')?.hasAttribute('data-selected')).toBe(false);
    expect(dialog.innerHTML).not.toContain('onerror');
    expect(dialog.querySelector('script')).toBeNull();

    await act(async () => dialog.querySelector<HTMLButtonElement>('.modal-close')!.click());
    await waitInAct(() => expect(view!.container.querySelector('dialog')).toBeNull());
  });

  it('pages through more than nine notices', async () => {
    const many = Array.from({ length: 11 }, (_, index) => notice(`n${index}`));
    view = await renderHome(<NoticeMarquee />, async () => response({ player: many }));
    await act(async () =>
      view!.container
        .querySelector<HTMLButtonElement>('[data-testid="notice-marquee-button"]')!
        .click(),
    );
    const dialog = view.container.querySelector('dialog[data-modal="notices"]')!;
    expect(dialog.querySelectorAll('[data-testid="notice-item"]')).toHaveLength(9);
    expect(dialog.textContent).toContain('Page 1 of 2');
    const next = [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Next')!;
    await act(async () => next.click());
    expect(dialog.querySelectorAll('[data-testid="notice-item"]')).toHaveLength(2);
    expect(next.disabled).toBe(true);
  });

  it('follows a site link inside a notice with the router and closes the list', async () => {
    view = await renderHome(<NoticeMarquee />, async () =>
      response({ player: [notice('a', '<p>See <a href="/rng">Slots</a></p>')] }),
    );
    await act(async () =>
      view!.container
        .querySelector<HTMLButtonElement>('[data-testid="notice-marquee-button"]')!
        .click(),
    );
    const link = await waitInAct(() => {
      const found = view!.container.querySelector<HTMLAnchorElement>('#notice-a a');
      expect(found).not.toBeNull();
      return found!;
    });
    await act(async () => link.click());
    expect(view.router.state.location.pathname).toBe('/rng');
  });
});
