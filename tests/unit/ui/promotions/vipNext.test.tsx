// @vitest-environment jsdom
import i18next from 'i18next';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../../src/i18n/locales/en.json';
import sections from '../../../../src/i18n/locales/sections/en.json';
import { provideFeature } from '../../../../src/app/feature';
import { promotionsFeature, type PromotionsFeature } from '../../../../src/app/features/promotions';
import type { Services } from '../../../../src/app/services';
import { parseMoney } from '../../../../src/shared/money';
import { type VipLevelDefinition, vipStatusOf } from '../../../../src/shared/vip';
import { ServicesContext } from '../../../../src/ui/core/ServicesContext';
import { VipPage } from '../../../../src/ui/promotions/VipPage';
import { fakeRealtime } from '../fakeRealtime';

/**
 * The VIP page's way to the next level (product review, member centre): it names only what is
 * still missing, says when both requirements are met and the level waits for its next working
 * out, and draws a bar per requirement.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const level = (n: number, name: string, validBet: string, deposit: string): VipLevelDefinition => ({
  level: n,
  name: { EN: name },
  validBet,
  deposit,
  rebatePercent: { default: '0.1' },
  upgradeBonus: '0.00',
  withdrawalDailyMax: null,
});
const levels = [
  level(0, 'Member', '0.00', '0.00'),
  level(1, 'Silver', '100.00', '50.00'),
  level(2, 'Gold', '500.00', '200.00'),
];

/** The status the server would answer for a stored level and the period's totals. */
const standing = (stored: number, validBet: string, deposit: string) =>
  vipStatusOf(
    levels,
    { kind: 'rolling', days: 30 },
    { validBet: parseMoney(validBet), deposit: parseMoney(deposit) },
    stored,
    'EN',
    new Date('2025-03-10T12:00:00Z'),
  );

let mounted: { root: Root; container: HTMLElement } | null = null;
afterEach(() => {
  const current = mounted;
  mounted = null;
  if (current) {
    act(() => current.root.unmount());
    current.container.remove();
  }
});

async function renderVip(status: ReturnType<typeof standing>) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en, sections } },
    fallbackNS: 'sections',
    interpolation: { escapeValue: false },
  });
  const services = { realtime: fakeRealtime().realtime } as unknown as Services;
  provideFeature(services, promotionsFeature, {
    vip: async () => status,
  } as unknown as PromotionsFeature);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  mounted = { root, container };
  await act(async () => {
    root.render(
      <I18nextProvider i18n={i18n}>
        <ServicesContext.Provider value={services}>
          <VipPage />
        </ServicesContext.Provider>
      </I18nextProvider>,
    );
  });
  const byTestId = (id: string) => container.querySelector(`[data-testid="${id}"]`);
  const bar = (requirement: 'bet' | 'deposit') => {
    const item = byTestId(`vip-requirement-${requirement}`);
    const progress = item?.querySelector('progress');
    return {
      value: progress?.value,
      label: progress?.getAttribute('aria-label'),
      text: item?.textContent,
      met: item?.querySelector('.badge-success')?.textContent ?? null,
    };
  };
  return { next: () => byTestId('vip-next')?.textContent, bar, container };
}

describe('the VIP page says what is left to reach the next level', () => {
  it('names only the bets when the deposits are met', async () => {
    const page = await renderVip(standing(1, '380.00', '250.00'));
    expect(page.next()).toBe('Bet 120.00 more to reach Gold.');
    expect(page.bar('bet')).toEqual({
      value: 76,
      label: 'Valid bets toward Gold',
      text: 'Valid bets380.00 of 500.00',
      met: null,
    });
    expect(page.bar('deposit')).toMatchObject({ value: 100, met: 'Met' });
    expect(page.bar('deposit').text).toContain('250.00 of 200.00');
  });

  it('names only the deposits when the bets are met', async () => {
    const page = await renderVip(standing(1, '600.00', '150.00'));
    expect(page.next()).toBe('Deposit 50.00 more to reach Gold.');
    expect(page.bar('bet')).toMatchObject({ value: 100, met: 'Met' });
    expect(page.bar('deposit')).toMatchObject({
      value: 75,
      label: 'Deposits toward Gold',
      met: null,
    });
  });

  it('names both when neither is met', async () => {
    const page = await renderVip(standing(0, '20.00', '10.00'));
    expect(page.next()).toBe('Bet 80.00 more and deposit 40.00 more to reach Silver.');
    expect(page.bar('bet').value).toBe(20);
    expect(page.bar('deposit').value).toBe(20);
  });

  it('says the upgrade comes with the next evaluation when both are met but the level has not moved yet', async () => {
    const page = await renderVip(standing(1, '600.00', '250.00'));
    expect(page.next()).toBe(
      'You meet both requirements for Gold. Your level is updated at the next evaluation, when your next bet or deposit is counted.',
    );
    expect(page.bar('bet')).toMatchObject({ value: 100, met: 'Met' });
    expect(page.bar('deposit')).toMatchObject({ value: 100, met: 'Met' });
    expect(page.next()).not.toContain('0.00');
  });

  it('shows no bars at the top level', async () => {
    const page = await renderVip(standing(2, '900.00', '300.00'));
    expect(page.next()).toBeUndefined();
    expect(page.container.querySelectorAll('progress')).toHaveLength(0);
    expect(page.container.textContent).toContain('You are at the top level.');
  });
});
