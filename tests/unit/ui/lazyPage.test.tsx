// @vitest-environment jsdom
import i18next from 'i18next';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from '../../../src/ui/core/lazyPage';
import { lazySection } from '../../../src/ui/core/lazySection';

vi.mock('../../../src/i18n/setup', () => ({ loadSectionTexts: async () => {} }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('a page loaded when first shown (lazyPage)', () => {
  it("fails as its section's chunk, and the section's Retry loads it again", async () => {
    const i18n = i18next.createInstance();
    await i18n.use(initReactI18next).init({ lng: 'en', resources: {} });
    // The page's chunk: gone (a deploy, a dropped connection) until it is back.
    let available = false;
    const load = vi.fn(async () => {
      if (!available) throw new TypeError('Failed to fetch dynamically imported module');
      return () => <p>deposit page</p>;
    });
    const Deposit = lazyPage('MemberCenter', load);
    const Centre = lazySection('Centre', async () => ({ default: () => <Deposit /> }), {
      sectionTexts: false,
    });
    const container = document.createElement('div');
    const root = createRoot(container);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () =>
      root.render(
        <I18nextProvider i18n={i18n}>
          <Centre />
        </I18nextProvider>,
      ),
    );
    await vi.waitFor(() => expect(container.querySelector('[role="alert"]')).not.toBeNull());
    // Said as a chunk that did not load (errors.chunkTimeout), with Retry and Reload.
    expect(container.textContent).toContain('errors.chunkTimeout');
    // Asked once (and React's one retry of a failed render), not again and again while down.
    const failedLoads = load.mock.calls.length;
    expect(failedLoads).toBeLessThanOrEqual(2);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(load.mock.calls.length).toBe(failedLoads);
    available = true;
    const retry = [...container.querySelectorAll('button')].find(
      (button) => button.textContent === 'common.retry',
    );
    await act(async () => retry!.click());
    await vi.waitFor(() => expect(container.textContent).toContain('deposit page'));
    // Loaded anew: React had kept the failed load for good.
    expect(load.mock.calls.length).toBeGreaterThan(failedLoads);
    error.mockRestore();
    act(() => root.unmount());
  });
});
