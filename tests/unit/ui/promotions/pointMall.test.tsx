// @vitest-environment jsdom
import i18next from 'i18next';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { BehaviorSubject } from 'rxjs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../../../src/i18n/locales/en.json';
import sections from '../../../../src/i18n/locales/sections/en.json';
import { ApiError } from '../../../../src/api/http';
import { provideFeature } from '../../../../src/app/feature';
import { promotionsFeature, type PromotionsFeature } from '../../../../src/app/features/promotions';
import type { Services } from '../../../../src/app/services';
import type { DeliveryAddress, DeliveryDefaults } from '../../../../src/shared/deliveryAddress';
import type { GoodsView, RedemptionView } from '../../../../src/shared/points';
import type { RewardSummary, WageringView } from '../../../../src/shared/rewards';
import { ToastProvider } from '../../../../src/ui/components/Toast';
import { ServicesContext } from '../../../../src/ui/core/ServicesContext';
import { GoodsList } from '../../../../src/ui/promotions/PointMallGoods';
import { RedeemHistory } from '../../../../src/ui/promotions/RedeemHistory';
import { redeemBlock } from '../../../../src/ui/promotions/redeemBlock';

/**
 * The points mall's goods (the review's finding): a disabled Redeem says why beside it, and a
 * physical good's redeem dialog asks for the delivery address — prefilled with the last one,
 * checked with the server's rules before sending, the server's refusal of a part shown under
 * that part — and the redeem history shows where each parcel goes, as text.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(() => {
  // jsdom has no modal dialogs, and does not scroll (the modal locks the page's scroll).
  window.scrollTo = () => undefined;
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const good = (code: string, change: Partial<GoodsView> = {}): GoodsView => ({
  id: `id-${code}`,
  code,
  name: code,
  image: null,
  points: 100,
  amount: '0.00',
  quantity: 5,
  status: 'active',
  kind: 'virtual',
  ...change,
});

const last: DeliveryAddress = {
  recipient: 'Trần Thị Bình',
  phone: '+84 912 345 678',
  line1: '5 Hàng Bài',
  line2: '',
  city: 'Hà Nội',
  postcode: '',
  country: 'VN',
};

const wagering = { rewardId: '1', left: '10.00' } as WageringView;

let mounted: { root: Root; container: HTMLElement } | null = null;
afterEach(() => {
  const current = mounted;
  mounted = null;
  if (current) {
    act(() => current.root.unmount());
    current.container.remove();
  }
  document.body.innerHTML = '';
});

async function render(
  page: ReactNode,
  points: Partial<PromotionsFeature['points']>,
  summary: RewardSummary | null = null,
) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en, sections } },
    fallbackNS: 'sections',
    interpolation: { escapeValue: false },
  });
  const rewardSummary$ = new BehaviorSubject<RewardSummary | null>(summary);
  const services = { rewardSummary$ } as unknown as Services;
  provideFeature(services, promotionsFeature, { points } as unknown as PromotionsFeature);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  mounted = { root, container };
  await act(async () => {
    root.render(
      <I18nextProvider i18n={i18n}>
        <ServicesContext.Provider value={services}>
          <ToastProvider>{page}</ToastProvider>
        </ServicesContext.Provider>
      </I18nextProvider>,
    );
  });
  const card = (code: string) => container.querySelector<HTMLElement>(`[data-code="${code}"]`)!;
  const dialog = () => document.querySelector<HTMLDialogElement>('dialog[data-modal="redeem"]');
  const field = (name: string) =>
    document.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)!;
  /** What describes a control (its error first), as the screen reader reads it. */
  const description = (element: Element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
  const type = async (name: string, value: string) => {
    const element = field(name);
    const prototype = Object.getPrototypeOf(element) as object;
    Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(element, value);
    await act(async () => {
      element.dispatchEvent(
        new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
      );
    });
  };
  const click = async (element: HTMLElement) => {
    await act(async () => element.click());
  };
  const submit = () =>
    click(dialog()!.querySelector<HTMLButtonElement>('[data-testid="redeem-submit"]')!);
  return { container, card, dialog, field, description, type, click, submit, rewardSummary$ };
}

describe('why Redeem is off', () => {
  it('judges sold out first, then the points missing, then a bonus being wagered', () => {
    const member = { points: 40, wagering: true };
    expect(redeemBlock(good('A', { quantity: 0, points: 500 }), member)).toEqual({
      reason: 'soldOut',
    });
    expect(redeemBlock(good('A', { points: 100, amount: '5.00' }), member)).toEqual({
      reason: 'points',
      missing: 60,
    });
    expect(redeemBlock(good('A', { points: 40, amount: '5.00' }), member)).toEqual({
      reason: 'wagering',
    });
    // Points only: the wagering does not hold it back; nor anything while the balance loads.
    expect(redeemBlock(good('A', { points: 40 }), member)).toBeNull();
    expect(redeemBlock(good('A', { points: 4000 }), { points: null, wagering: false })).toBeNull();
  });

  it('says it in words beside the disabled button, and names it as the button’s description', async () => {
    const goods = [
      good('SOLD', { quantity: 0 }),
      good('DEAR', { points: 1_500 }),
      good('NEAR', { points: 121 }),
      good('CASH', { points: 50, amount: '5.00' }),
      good('FREE', { points: 50 }),
    ];
    const page = await render(
      <GoodsList points={120} onRedeemed={() => undefined} />,
      { goods: async () => goods },
      { waiting: 0, missionsWaiting: 0, wagering },
    );
    const reason = (code: string) =>
      page.card(code).querySelector('[data-testid="redeem-blocked"]')?.textContent ?? null;
    const button = (code: string) => page.card(code).querySelector('button')!;

    expect(reason('SOLD')).toBe('Sold out');
    expect(reason('DEAR')).toBe('You need 1,380 more points');
    expect(reason('NEAR')).toBe('You need 1 more point');
    expect(reason('CASH')).toBe(
      'Available once your bonus wagering is done: this item has a cash part.',
    );
    expect(reason('FREE')).toBeNull();
    for (const code of ['SOLD', 'DEAR', 'NEAR', 'CASH']) {
      expect(button(code).disabled, code).toBe(true);
      expect(page.description(button(code)), code).toBe(reason(code));
    }
    expect(button('FREE').disabled).toBe(false);
    expect(button('FREE').hasAttribute('aria-describedby')).toBe(false);

    // The wagering done (live, from the reward summary): the cash good opens.
    act(() => page.rewardSummary$.next({ waiting: 0, missionsWaiting: 0, wagering: null }));
    expect(reason('CASH')).toBeNull();
    expect(button('CASH').disabled).toBe(false);
  });

  it('marks a physical good as shipped', async () => {
    const page = await render(<GoodsList points={500} onRedeemed={() => undefined} />, {
      goods: async () => [good('TEE', { kind: 'physical' }), good('CODE')],
    });
    expect(page.card('TEE').textContent).toContain('Shipped to you');
    expect(page.card('CODE').textContent).not.toContain('Shipped to you');
  });
});

describe('the redeem dialog of a physical good', () => {
  const shipped = good('TEE', { kind: 'physical', name: 'Aurora T-shirt' });

  async function openDialog(points: Partial<PromotionsFeature['points']>) {
    const page = await render(<GoodsList points={500} onRedeemed={() => undefined} />, {
      goods: async () => [shipped],
      ...points,
    });
    await page.click(page.card('TEE').querySelector('button')!);
    return page;
  }

  it('asks where to ship it, prefilled with the last address, and checks it before sending', async () => {
    const redeem = vi.fn(async () => ({}) as RedemptionView);
    const delivery = vi.fn(async (): Promise<DeliveryDefaults> => ({
      countries: ['TH', 'VN'],
      last,
    }));
    const page = await openDialog({ delivery, redeem });
    expect(page.dialog()!.textContent).toContain('Filled in from your last delivery');
    expect(page.field('recipient').value).toBe(last.recipient);
    expect(page.field('line1').value).toBe(last.line1);
    expect(page.field('country').value).toBe('VN');
    expect(page.field('country').getAttribute('autocomplete')).toBe('shipping country');
    expect((page.field('line1') as HTMLInputElement).maxLength).toBe(100);

    await page.type('phone', 'call me');
    await page.type('city', '  ');
    await page.submit();
    expect(redeem).not.toHaveBeenCalled();
    expect(page.field('phone').getAttribute('aria-invalid')).toBe('true');
    expect(page.description(page.field('phone'))).toBe('Enter a phone number of 6 to 15 digits.');
    expect(page.description(page.field('city'))).toBe(
      'Enter the city, up to 60 characters on one line.',
    );
    expect(page.description(page.field('paymentPassword'))).toBe(
      'The payment password must be 6 digits.',
    );
    // The first part refused takes the focus.
    expect(document.activeElement).toBe(page.field('phone'));
    expect(page.field('recipient').hasAttribute('aria-invalid')).toBe(false);

    await page.type('phone', '0912 345 678');
    expect(page.field('phone').hasAttribute('aria-invalid')).toBe(false);
    await page.type('city', '  Hải   Phòng ');
    await page.type('postcode', ' 180000 ');
    await page.type('paymentPassword', '246810');
    await page.submit();
    expect(redeem).toHaveBeenCalledTimes(1);
    expect(redeem).toHaveBeenCalledWith({
      goodsId: shipped.id,
      paymentPassword: '246810',
      idempotencyKey: expect.any(String),
      delivery: { ...last, phone: '0912 345 678', city: 'Hải Phòng', postcode: '180000' },
    });
  });

  it('starts empty in the first country delivered to when there is no last address', async () => {
    const page = await openDialog({
      delivery: async () => ({ countries: ['TH', 'VN'], last: null }),
    });
    expect(page.dialog()!.textContent).toContain('This item is shipped.');
    expect(page.field('recipient').value).toBe('');
    expect(page.field('country').value).toBe('TH');
    // The country names are the browser's, in the page's language.
    expect(
      [...(page.field('country') as HTMLSelectElement).options].map((option) => option.text),
    ).toEqual(['Thailand', 'Vietnam']);
  });

  it('shows the server’s refusal of a part under that part, and a refusal of the whole above the button', async () => {
    const refusals = [
      new ApiError('delivery_postcode_invalid', 'bad postcode', 400, { field: 'postcode' }),
      new ApiError('out_of_stock', 'sold out', 409),
    ];
    const redeem = vi.fn(async () => {
      throw refusals.shift()!;
    });
    const page = await openDialog({
      delivery: async () => ({ countries: ['VN'], last }),
      redeem,
    });
    await page.type('paymentPassword', '246810');
    await page.submit();
    expect(redeem).toHaveBeenCalledTimes(1);
    expect(page.description(page.field('postcode'))).toBe(
      'Enter the postcode in letters and digits, up to 12.',
    );
    expect(page.dialog()!.querySelector('[data-testid="redeem-error"]')).toBeNull();

    await page.type('postcode', '100000');
    await page.submit();
    expect(redeem).toHaveBeenCalledTimes(2);
    expect(page.dialog()!.querySelector('[data-testid="redeem-error"]')!.textContent).toBe(
      'This item is out of stock.',
    );
    expect(page.field('postcode').hasAttribute('aria-invalid')).toBe(false);
  });

  it('asks a virtual good for no address', async () => {
    const delivery = vi.fn(async () => ({ countries: ['VN'], last }));
    const redeem = vi.fn(async () => ({}) as RedemptionView);
    const page = await render(<GoodsList points={500} onRedeemed={() => undefined} />, {
      goods: async () => [good('CODE')],
      delivery,
      redeem,
    });
    await page.click(page.card('CODE').querySelector('button')!);
    expect(page.dialog()!.querySelector('[data-testid="delivery-fields"]')).toBeNull();
    expect(delivery).not.toHaveBeenCalled();
    await page.type('paymentPassword', '246810');
    await page.submit();
    expect(redeem).toHaveBeenCalledWith({
      goodsId: 'id-CODE',
      paymentPassword: '246810',
      idempotencyKey: expect.any(String),
    });
  });
});

describe('the redeem history', () => {
  it('shows where a shipped good goes, markup and all as text', async () => {
    const redemption = (id: string, delivery: DeliveryAddress | null): RedemptionView => ({
      id,
      goods: { code: `G${id}`, name: `Good ${id}`, image: null },
      points: 100,
      amount: '0.00',
      status: 'inProcess',
      note: null,
      delivery,
      createdAt: '2025-01-01T00:00:00.000Z',
      decidedAt: null,
    });
    const page = await render(<RedeemHistory />, {
      redemptions: async () => [
        redemption('2', { ...last, recipient: '<img src=x onerror="alert(1)">Bình' }),
        redemption('1', null),
      ],
    });
    const shown = [...page.container.querySelectorAll('[data-testid="redemption-delivery"]')];
    expect(shown.map((node) => node.textContent)).toEqual([
      'Ship to: <img src=x onerror="alert(1)">Bình · +84 912 345 678, 5 Hàng Bài, Hà Nội, Vietnam',
    ]);
    expect(page.container.querySelector('img')).toBeNull();
  });
});
