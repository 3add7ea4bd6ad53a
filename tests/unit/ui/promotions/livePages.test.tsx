// @vitest-environment jsdom
import i18next from 'i18next';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { of } from 'rxjs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../../../src/i18n/locales/en.json';
import type { RewardList, RewardView } from '../../../../src/shared/rewards';
import type { VipStatus } from '../../../../src/shared/vip';
import { DialogProvider } from '../../../../src/ui/components/DialogProvider';
import { ToastProvider } from '../../../../src/ui/components/Toast';
import { provideFeature } from '../../../../src/app/feature';
import { promotionsFeature, type PromotionsFeature } from '../../../../src/app/features/promotions';
import type { Services } from '../../../../src/app/services';
import { ServicesContext } from '../../../../src/ui/core/ServicesContext';
import { RewardCenter } from '../../../../src/ui/promotions/RewardCenter';
import { VipPage } from '../../../../src/ui/promotions/VipPage';
import { fakeRealtime } from '../fakeRealtime';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(() => {
  // jsdom has no media queries: the phone layout.
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
});

const vip = (validBet: string): VipStatus => ({
  level: 1,
  name: 'Bronze',
  period: { kind: 'calendarMonth', start: '2025-01-01T00:00:00.000Z' },
  validBet,
  deposit: '0.00',
  next: null,
  levels: [],
});

const reward = (id: string, amount: string): RewardView => ({
  id,
  source: 'promotion',
  promotion: { code: 'P1', title: `Promotion ${id}` },
  title: null,
  amount,
  wageringRequired: null,
  detail: {},
  state: 'waiting',
  createdAt: '2025-01-01T00:00:00.000Z',
  expiresAt: null,
  claimedAt: null,
});

const rewards = (...waiting: RewardView[]): RewardList => ({
  waiting,
  history: [],
  wagering: null,
});

let mounted: Root | null = null;
afterEach(() => {
  const root = mounted;
  mounted = null;
  if (root) act(() => root.unmount());
});

/** Renders `page` with English texts and services whose promotions module is `promotionsApi`. */
async function renderPage(page: ReactNode, promotionsApi: Partial<PromotionsFeature>) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
  });
  const socket = fakeRealtime();
  const services = {
    realtime: socket.realtime,
    rewardSummary$: of(null),
  } as unknown as Services;
  provideFeature(services, promotionsFeature, promotionsApi as PromotionsFeature);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  mounted = root;
  await act(async () => {
    root.render(
      <I18nextProvider i18n={i18n}>
        <ServicesContext.Provider value={services}>
          <MemoryRouter>
            <ToastProvider>
              <DialogProvider>{page}</DialogProvider>
            </ToastProvider>
          </MemoryRouter>
        </ServicesContext.Provider>
      </I18nextProvider>,
    );
  });
  const text = (testId: string) =>
    [...container.querySelectorAll(`[data-testid="${testId}"]`)].map((node) => node.textContent);
  /** Lets the answers of the fetches asked so far arrive and render. */
  const settle = () => act(async () => {});
  return { ...socket, container, text, settle };
}

describe('the VIP page follows the live primitive', () => {
  it('fetches its standing again after a reconnect that did not recover, and on vip and balance events', async () => {
    const answers = ['10.00', '20.00', '30.00', '40.00'];
    const fetchVip = vi.fn(async () => vip(answers.shift()!));
    const page = await renderPage(<VipPage />, { vip: fetchVip });
    expect(page.text('vip-valid-bet')).toEqual(['10.00']);

    act(() => page.reconnect());
    await page.settle();
    expect(fetchVip).toHaveBeenCalledTimes(2);
    expect(page.text('vip-valid-bet')).toEqual(['20.00']);

    act(() => page.emit('balance', { wallet: 'MAIN', balance: '5.00', currency: 'USD', seq: 1 }));
    await page.settle();
    expect(page.text('vip-valid-bet')).toEqual(['30.00']);

    act(() => page.emit('vip'));
    await page.settle();
    expect(fetchVip).toHaveBeenCalledTimes(4);
    expect(page.text('vip-valid-bet')).toEqual(['40.00']);
  });

  it('leaves the socket when the page goes away', async () => {
    const page = await renderPage(<VipPage />, { vip: async () => vip('1.00') });
    expect(page.listening()).toBeGreaterThan(0);
    act(() => mounted!.unmount());
    mounted = null;
    expect(page.listening()).toBe(0);
  });
});

describe('the reward centre follows the live primitive', () => {
  it('fetches its rewards again after a reconnect that did not recover, and on reward events', async () => {
    const answers = [
      rewards(reward('r1', '5.00')),
      rewards(reward('r1', '5.00'), reward('r2', '7.00')),
      rewards(),
    ];
    const fetchRewards = vi.fn(async () => answers.shift()!);
    const page = await renderPage(<RewardCenter />, { rewards: fetchRewards });
    expect(page.text('reward-item')).toHaveLength(1);

    // A reward issued while the socket was down, its event lost: the reconnect brings it.
    act(() => page.reconnect());
    await page.settle();
    expect(fetchRewards).toHaveBeenCalledTimes(2);
    expect(page.text('reward-item')).toHaveLength(2);

    // Claimed in another tab.
    act(() => page.emit('reward', { reason: 'claimed' }));
    await page.settle();
    expect(fetchRewards).toHaveBeenCalledTimes(3);
    expect(page.text('reward-item')).toHaveLength(0);
  });

  it('is not fetched again by events it does not follow', async () => {
    const fetchRewards = vi.fn(async () => rewards());
    const page = await renderPage(<RewardCenter />, { rewards: fetchRewards });
    act(() => page.emit('message'));
    act(() => page.emit('vip'));
    await page.settle();
    expect(fetchRewards).toHaveBeenCalledTimes(1);
  });
});
