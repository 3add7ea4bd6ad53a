// @vitest-environment jsdom
import i18next from 'i18next';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { of } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../src/i18n/locales/en.json';
import sections from '../../../src/i18n/locales/sections/en.json';
import type { Services } from '../../../src/app/services';
import { ServicesContext } from '../../../src/ui/core/ServicesContext';
import { OverviewCharts } from '../../../src/ui/agent/charts/OverviewCharts';
import {
  agentSideResult,
  hasData,
  moneyAxisFormat,
  signedMoneyText,
} from '../../../src/ui/agent/charts/chartText';
import { settlementCountdown } from '../../../src/ui/agent/salary/countdown';

/**
 * The agent back office after the product review: a chart with nothing to draw says so instead
 * of a bare grid, the team's result is signed from the agent's side, and the salary page counts
 * down to the next settlement.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let mounted: { root: Root; container: HTMLElement } | null = null;
afterEach(() => {
  if (mounted) {
    const { root, container } = mounted;
    act(() => root.unmount());
    container.remove();
    mounted = null;
  }
});

async function render(view: ReactNode) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en, sections } },
    fallbackNS: 'sections',
    interpolation: { escapeValue: false },
  });
  const services = {
    balance: { balance$: of({ balance: '10.00', currencySymbol: '$', seq: 1 }) },
  } as unknown as Services;
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  mounted = { root, container };
  await act(async () => {
    root.render(
      <I18nextProvider i18n={i18n}>
        <ServicesContext.Provider value={services}>{view}</ServicesContext.Provider>
      </I18nextProvider>,
    );
  });
  return container;
}

describe('the overview charts with nothing in the range', () => {
  it('show "No bets in this period yet" and "No income…" instead of an empty grid', async () => {
    const container = await render(
      <OverviewCharts daily={[]} fromDay="2026-11-01" toDay="2026-11-07" />,
    );
    const play = container.querySelector('[data-testid="chart-play"]')!;
    expect(play.querySelector('[data-testid="chart-play-empty"]')?.textContent).toContain(
      'No bets in this period yet',
    );
    expect(play.querySelector('.daily-chart')).toBeNull();
    const income = container.querySelector('[data-testid="chart-income"]')!;
    expect(income.querySelector('[data-testid="chart-income-empty"]')?.textContent).toContain(
      'No income in this period yet',
    );
    // The numbers stay readable as a table: seven days of zeros.
    expect(play.querySelectorAll('[data-testid="chart-play-data-table"] tbody tr')).toHaveLength(7);
  });

  it('counts a chart as empty only when every value of every series is zero', () => {
    const line = (values: number[]) => ({
      label: 'x',
      values,
      kind: 'bars' as const,
      color: '--accent',
      format: String,
    });
    expect(hasData([line([0, 0, 0])])).toBe(false);
    expect(hasData([line([])])).toBe(false);
    expect(hasData([line([0, 0]), line([0, 3])])).toBe(true);
    expect(hasData([line([0, -2.5])])).toBe(true);
  });

  it('formats a money axis as money: the symbol, two decimals, compact from a thousand', () => {
    const format = moneyAxisFormat('en', '$');
    expect(format(12.5)).toBe('$ 12.50');
    expect(format(0)).toBe('$ 0.00');
    expect(format(1500)).toBe('$ 1.5K');
    expect(format(-20)).toBe('-$ 20.00');
  });
});

describe("the team's result, from the agent's side", () => {
  const money = (amount: string) => amount; // the wire amount as it is, for the sign's sake

  it("flips the players' profit: their loss is the agent's gain", () => {
    expect(agentSideResult('-120.50')).toBe('120.50');
    expect(agentSideResult('35.00')).toBe('-35.00');
    expect(agentSideResult('0.00')).toBe('0.00');
  });

  it('writes the sign: + for a gain, - for a loss, none for zero', () => {
    expect(signedMoneyText(agentSideResult('-120.50'), money)).toBe('+120.50');
    expect(signedMoneyText(agentSideResult('35.00'), money)).toBe('-35.00');
    expect(signedMoneyText('0.00', money)).toBe('0.00');
  });

  it('is labelled for the agent, not as the players\' "profit"', () => {
    expect(sections.agentOffice.overview.agentResult).toBe("Your team's result for you");
  });
});

describe('the countdown to the next salary settlement', () => {
  const now = Date.parse('2026-11-30T06:00:00.000Z');
  const at = (seconds: number) => new Date(now + seconds * 1000).toISOString();

  it('reads m:ss under an hour, h:mm:ss under a day, days beyond', () => {
    expect(settlementCountdown(at(65), now, 'en')).toBe('1:05');
    expect(settlementCountdown(at(0.2), now, 'en')).toBe('0:01');
    expect(settlementCountdown(at(2 * 3600 + 4 * 60 + 5), now, 'en')).toBe('2:04:05');
    expect(settlementCountdown(at(3 * 86_400 + 2 * 3600 + 4 * 60 + 5), now, 'en')).toBe(
      '3d 2:04:05',
    );
    expect(settlementCountdown(at(86_400 + 4 * 60 + 5), now, 'en')).toBe('1d 0:04:05');
  });

  it('writes the day unit in the page language', () => {
    expect(settlementCountdown(at(2 * 86_400 + 60), now, 'ko')).toBe('2일 0:01:00');
    expect(settlementCountdown(at(2 * 86_400 + 60), now, 'zh')).toBe('2天 0:01:00');
  });

  it('is null once the settlement is due (the page says "Being settled now")', () => {
    expect(settlementCountdown(at(0), now, 'en')).toBeNull();
    expect(settlementCountdown(at(-30), now, 'en')).toBeNull();
    expect(settlementCountdown('not a time', now, 'en')).toBeNull();
  });
});
