// @vitest-environment jsdom
import path from 'node:path';
import i18next, { type i18n } from 'i18next';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type Mocked, vi } from 'vitest';
import { staticGraph } from '../../../build/staticGraph';
import en from '../../../src/i18n/locales/en.json';
import type { PlayApi, PlaySession } from '../../../src/play/playApi';
import { PlayApp } from '../../../src/play/PlayApp';
import { VnLottoGame } from '../../../src/play/vnLotto/VnLottoGame';
import { DrawLottoGame } from '../../../src/play/vnLotto/DrawLottoGame';
import {
  drawBetShapes,
  drawKindOf,
  type DrawLottoSession,
  drawPayout,
} from '../../../src/shared/drawBets';
import { drawShapeOf } from '../../../src/shared/lottery';
import { ResultTable } from '../../../src/play/vnLotto/VnResults';
import { oddsInLanguage } from '../../../src/play/vnLotto/slip';
import {
  drawVnResult,
  oddsText,
  VN_BET_TYPES,
  type VnFormat,
  type VnLottoSession,
  type VnOpenDraw,
  type VnResultEntry,
  type VnSlipRequest,
  type VnTicket,
} from '../../../src/shared/vnLotto';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const LAUNCH = 'launch-token-0123456789';
let i18n: i18n;
beforeAll(async () => {
  i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
  });
});

function openDraw(numero: string, closesInMs = 10 * 60_000, betsStopMs = 60_000): VnOpenDraw {
  const now = Date.now();
  return {
    numero,
    closesAt: new Date(now + closesInMs).toISOString(),
    betsCloseAt: new Date(now + closesInMs - betsStopMs).toISOString(),
  };
}

function vnSession(format: VnFormat = 'north', open = openDraw('20250101-0001')): VnLottoSession {
  return {
    format,
    betTypes: VN_BET_TYPES.map(({ betType, picks, digits, payout }) => ({
      betType,
      picks,
      digits,
      odds: oddsText(payout[format]),
    })),
    open,
    maxLines: 50,
    maxMultiplier: 100,
  };
}

function ticketOf(body: VnSlipRequest): VnTicket {
  return {
    slipId: body.slipId,
    gameCode: 'TCG_LOTTO_VN-LOTT-001',
    gameName: 'Hanoi',
    numero: body.numero,
    placedAt: new Date().toISOString(),
    stake: '2.00',
    status: 'open',
    win: null,
    settledAt: null,
    lines: body.lines.map((line) => ({
      ...line,
      stake: '1.00',
      odds: '3.5',
      hits: null,
      win: null,
    })),
  };
}

/** A PlayApi whose slips become tickets the tickets call lists, newest first. */
function fakeApi(overrides: Partial<Record<keyof PlayApi, unknown>> = {}) {
  const placed: VnTicket[] = [];
  const api = {
    session: vi.fn(),
    spin: vi.fn(),
    draw: vi.fn(),
    vnPlace: vi.fn(async (body: VnSlipRequest) => {
      const ticket = ticketOf(body);
      placed.unshift(ticket);
      return { ticket, balance: '98.00' };
    }),
    vnDraw: vi.fn(async () => openDraw('20250101-0002')),
    vnTickets: vi.fn(async (): Promise<VnTicket[]> => [...placed]),
    vnResults: vi.fn(async (): Promise<VnResultEntry[]> => []),
    ...overrides,
  };
  return api as unknown as Mocked<PlayApi>;
}

let root: Root;
let container: HTMLDivElement;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

async function render(node: React.ReactNode) {
  await act(async () => {
    root.render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
  });
}

async function renderGame(api: PlayApi, vn = vnSession(), onBalance = vi.fn()) {
  await render(
    <VnLottoGame
      api={api}
      launch={LAUNCH}
      vn={vn}
      betLevels={['1.00', '5.00']}
      onBalance={onBalance}
      money={(amount) => amount}
    />,
  );
  return onBalance;
}

const byTestId = <T extends HTMLElement = HTMLElement>(id: string) =>
  container.querySelector<T>(`[data-testid="${id}"]`);
const allByTestId = (id: string) => [
  ...container.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`),
];
const click = async (id: string) => {
  const element = byTestId(id);
  if (!element) throw new Error(`no ${id}`);
  await act(async () => element.click());
};
async function typeInto(id: string, value: string) {
  const input = byTestId<HTMLInputElement>(id)!;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
async function choose(id: string, value: string) {
  const select = byTestId<HTMLSelectElement>(id)!;
  const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
const lineTexts = () => allByTestId('vn-slip-line').map((line) => line.textContent ?? '');

describe('the Vietnamese lottery game page', () => {
  it('shows the open draw with its countdown and each bet type with its odds', async () => {
    await renderGame(fakeApi());
    expect(byTestId('vn-lotto')).not.toBeNull();
    expect(byTestId('vn-open-draw')?.dataset.numero).toBe('20250101-0001');
    expect(byTestId('vn-countdown')?.textContent).toMatch(/^Bets close in \d+:\d\d$/);
    expect(byTestId('vn-bet-type-lo2')?.textContent).toBe('Lô 2 số1 pays 3.5');
    expect(byTestId('vn-bet-type-de')?.textContent).toContain('1 pays 95');
    expect(byTestId('vn-bet-type-lo2')?.getAttribute('aria-checked')).toBe('true');
    expect(container.querySelector('[role="radiogroup"]')).not.toBeNull();
    expect(allByTestId('vn-number-07')).toHaveLength(1);
    expect(container.querySelectorAll('.vn-grid button')).toHaveLength(100);
    // Loaded: the empty states.
    expect(byTestId('vn-tickets')?.textContent).toContain('No tickets yet.');
    expect(byTestId('vn-results')?.textContent).toContain('No results yet.');
  });

  it('writes the odds as the language writes numbers ("1 ăn 3,5")', () => {
    expect(oddsInLanguage('3.5', 'vi')).toBe('3,5');
    expect(oddsInLanguage('1700', 'vi')).toBe('1.700');
    expect(oddsInLanguage('3.5', 'en')).toBe('3.5');
  });

  it('a multiplier out of range comes back to the nearest allowed one', async () => {
    await renderGame(fakeApi());
    await typeInto('vn-multiplier', '500');
    await click('vn-number-07');
    await click('vn-add');
    expect(byTestId('vn-error')?.textContent).toBe(
      'The multiplier is a whole number from 1 to 100.',
    );
    expect(byTestId('vn-multiplier')?.getAttribute('aria-invalid')).toBe('true');
    await act(async () => {
      byTestId('vn-multiplier')!.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    });
    expect(byTestId<HTMLInputElement>('vn-multiplier')?.value).toBe('100');
  });

  it('picks numbers and adds one lô line per number, with unit × multiplier and the total', async () => {
    await renderGame(fakeApi());
    await click('vn-number-07');
    await click('vn-number-23');
    expect(byTestId('vn-number-07')?.getAttribute('aria-pressed')).toBe('true');
    await choose('vn-unit', '5.00');
    await typeInto('vn-multiplier', '3');
    await click('vn-add');
    expect(lineTexts()).toHaveLength(2);
    expect(lineTexts()[0]).toContain('Lô 2 số');
    expect(lineTexts()[0]).toContain('07');
    expect(lineTexts()[1]).toContain('23');
    // 5.00 × 3 = 15.00 a line; a lô line wins 3.5 × its stake per hit.
    expect(lineTexts()[0]).toContain('= 15.00');
    expect(lineTexts()[0]).toContain('Wins 52.50 per hit');
    expect(byTestId('vn-slip-total')?.textContent).toBe('30.00');
    // The picks are cleared once added.
    expect(byTestId('vn-number-07')?.getAttribute('aria-pressed')).toBe('false');
    // A line's multiplier is editable, and the total follows.
    const lineMultiplier = allByTestId('vn-slip-line')[0]!.querySelector('input')!;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    await act(async () => {
      setter.call(lineMultiplier, '1');
      lineMultiplier.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(byTestId('vn-slip-total')?.textContent).toBe('20.00');
    // And a line is removable.
    const remove = allByTestId('vn-slip-line')[1]!.querySelector<HTMLButtonElement>(
      'button[aria-label="Remove line 2"]',
    )!;
    await act(async () => remove.click());
    expect(lineTexts()).toHaveLength(1);
    expect(byTestId('vn-slip-total')?.textContent).toBe('5.00');
  });

  it('adds nothing without picks, and says why', async () => {
    await renderGame(fakeApi());
    await click('vn-add');
    expect(byTestId('vn-error')?.textContent).toBe('Pick your numbers first.');
    expect(byTestId('vn-error')?.getAttribute('role')).toBe('alert');
    expect(lineTexts()).toHaveLength(0);
    expect(byTestId<HTMLButtonElement>('vn-place')?.disabled).toBe(true);
  });

  it('a xiên takes exactly K numbers, as one line', async () => {
    await renderGame(fakeApi());
    await click('vn-bet-type-xien2');
    expect(byTestId('vn-bet-type-xien2')?.getAttribute('aria-checked')).toBe('true');
    expect(container.textContent).toContain('Pick 2 numbers: 0 of 2');
    await click('vn-number-07');
    await click('vn-add');
    expect(byTestId('vn-error')?.textContent).toBe('Pick exactly 2 numbers.');
    expect(lineTexts()).toHaveLength(0);
    await click('vn-number-23');
    expect(container.textContent).toContain('Pick 2 numbers: 2 of 2');
    // A third number cannot be picked.
    expect(byTestId('vn-number-45')?.getAttribute('aria-disabled')).toBe('true');
    await click('vn-number-45');
    expect(byTestId('vn-number-45')?.getAttribute('aria-pressed')).toBe('false');
    await click('vn-add');
    expect(lineTexts()).toHaveLength(1);
    expect(lineTexts()[0]).toContain('Xiên 2');
    expect(lineTexts()[0]).toContain('07 · 23');
    expect(byTestId('vn-slip-total')?.textContent).toBe('1.00');
  });

  it('3 càng takes a three-digit number from its field', async () => {
    await renderGame(fakeApi());
    await click('vn-bet-type-bacang');
    expect(byTestId('vn-number-07')).toBeNull();
    const input = byTestId<HTMLInputElement>('vn-bacang-input')!;
    expect(input.inputMode).toBe('numeric');
    await typeInto('vn-bacang-input', '12');
    await click('vn-add');
    expect(byTestId('vn-error')?.textContent).toBe('Enter three digits, 000 to 999.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await typeInto('vn-bacang-input', '4a56');
    expect(input.value).toBe('456');
    await click('vn-add');
    expect(lineTexts()).toHaveLength(1);
    expect(lineTexts()[0]).toContain('3 càng');
    expect(lineTexts()[0]).toContain('456');
  });

  it('places the slip on the open draw: the slip clears, the balance and the tickets follow', async () => {
    const api = fakeApi();
    const onBalance = await renderGame(api);
    await click('vn-number-07');
    await click('vn-number-23');
    await click('vn-add');
    await click('vn-place');
    expect(api.vnPlace).toHaveBeenCalledTimes(1);
    const body = api.vnPlace.mock.calls[0]![0];
    expect(body).toMatchObject({
      launch: LAUNCH,
      numero: '20250101-0001',
      lines: [
        { betType: 'lo2', numbers: ['07'], unit: '1.00', multiplier: 1 },
        { betType: 'lo2', numbers: ['23'], unit: '1.00', multiplier: 1 },
      ],
    });
    expect(body.slipId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(Object.keys(body.lines[0]!).sort()).toEqual([
      'betType',
      'multiplier',
      'numbers',
      'unit',
    ]);
    expect(lineTexts()).toHaveLength(0);
    expect(byTestId('vn-placed')?.dataset.numero).toBe('20250101-0001');
    expect(byTestId('vn-placed')?.textContent).toBe('Ticket placed for draw 20250101-0001.');
    expect(onBalance).toHaveBeenCalledWith('98.00');
    expect(api.vnTickets).toHaveBeenCalledTimes(2);
    const ticket = byTestId('vn-ticket');
    expect(ticket?.dataset.status).toBe('open');
    expect(ticket?.dataset.numero).toBe('20250101-0001');
    // The next slip is a new one.
    await click('vn-number-11');
    await click('vn-add');
    await click('vn-place');
    expect(api.vnPlace.mock.calls[1]![0].slipId).not.toBe(body.slipId);
  });

  it('a closed draw keeps the slip, shows the draw taking bets now and places there next', async () => {
    const api = fakeApi({
      vnPlace: vi
        .fn()
        .mockRejectedValueOnce(Object.assign(new Error('closed'), { code: 'draw_closed' }))
        .mockImplementation(async (body: VnSlipRequest) => ({
          ticket: ticketOf(body),
          balance: '99.00',
        })),
    });
    await renderGame(api);
    await click('vn-number-07');
    await click('vn-add');
    await click('vn-place');
    expect(api.vnDraw).toHaveBeenCalledTimes(1);
    expect(lineTexts()).toHaveLength(1);
    expect(byTestId('vn-open-draw')?.dataset.numero).toBe('20250101-0002');
    expect(byTestId('vn-error')?.textContent).toBe(
      'Draw 20250101-0001 no longer takes bets. Your slip now goes to draw 20250101-0002: press Place bets again.',
    );
    await click('vn-place');
    const calls = api.vnPlace.mock.calls;
    expect(calls[1]![0].numero).toBe('20250101-0002');
    expect(calls[1]![0].slipId).not.toBe(calls[0]![0].slipId);
    expect(byTestId('vn-placed')?.dataset.numero).toBe('20250101-0002');
    expect(lineTexts()).toHaveLength(0);
  });

  it('keeps the slip id for a retry after a network error, and names a real-money shortfall', async () => {
    const api = fakeApi({
      vnPlace: vi
        .fn()
        .mockRejectedValueOnce(Object.assign(new Error('net'), { code: 'network_error' }))
        .mockRejectedValueOnce(Object.assign(new Error('funds'), { code: 'insufficient_funds' })),
    });
    await renderGame(api);
    await click('vn-number-07');
    await click('vn-add');
    await click('vn-place');
    expect(byTestId('vn-error')?.textContent).toBe(en.errors.network_error);
    await click('vn-place');
    const calls = api.vnPlace.mock.calls;
    expect(calls[1]![0].slipId).toBe(calls[0]![0].slipId);
    expect(byTestId('vn-error')?.textContent).toContain('real money only');
    expect(lineTexts()).toHaveLength(1);
  });

  it('shows a number past the house limit on the slip lines that bet on it', async () => {
    const refusal = (accepted: string) =>
      Object.assign(new Error('limit'), {
        code: 'number_limit',
        value: { field: 'lines', lines: [1], betType: 'lo2', number: '23', accepted },
      });
    const api = fakeApi({
      vnPlace: vi
        .fn()
        .mockRejectedValueOnce(refusal('4.50'))
        .mockRejectedValueOnce(refusal('0.00'))
        .mockImplementation(async (body: VnSlipRequest) => ({
          ticket: ticketOf(body),
          balance: '99.00',
        })),
    });
    await renderGame(api);
    await click('vn-number-07');
    await click('vn-number-23');
    await click('vn-add');
    await click('vn-place');
    // The slip stays; the second line (23) says how much more it takes, the first nothing.
    const lines = allByTestId('vn-slip-line');
    expect(lines).toHaveLength(2);
    expect(lines[0]!.dataset.refused).toBeUndefined();
    expect(lines[1]!.dataset.refused).toBe('true');
    const error = lines[1]!.querySelector('[data-testid="vn-line-error"]')!;
    expect(error.textContent).toBe(
      "23 is at the house's limit for this draw: at most 4.50 more stake is accepted on it.",
    );
    expect(error.getAttribute('role')).toBe('alert');
    expect(lines[1]!.querySelector('input')?.getAttribute('aria-describedby')).toBe(error.id);
    expect(byTestId('vn-error')).toBeNull();
    await click('vn-place');
    expect(allByTestId('vn-line-error')[0]?.textContent).toBe(
      "23 is at the house's limit for this draw: no more stake is accepted on it.",
    );
    // Removing that line clears its message; the rest is placed.
    await act(async () => {
      allByTestId('vn-slip-line')[1]!.querySelector<HTMLButtonElement>('.vn-remove')!.click();
    });
    expect(allByTestId('vn-line-error')).toHaveLength(0);
    await click('vn-place');
    expect(api.vnPlace).toHaveBeenCalledTimes(3);
    expect(byTestId('vn-placed')).not.toBeNull();
  });

  it('asks for the next draw when the open one closes', async () => {
    vi.useFakeTimers({
      toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'],
    });
    const api = fakeApi();
    await renderGame(api, vnSession('north', openDraw('20250101-0001', 5_000, 2_000)));
    expect(byTestId('vn-countdown')?.textContent).toBe('Bets close in 0:03');
    await act(async () => {
      vi.advanceTimersByTime(3_000);
    });
    expect(byTestId('vn-countdown')?.textContent).toBe('Drawing…');
    expect(byTestId<HTMLButtonElement>('vn-place')?.disabled).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(2_000);
    });
    expect(api.vnDraw).toHaveBeenCalled();
    expect(byTestId('vn-open-draw')?.dataset.numero).toBe('20250101-0002');
    expect(byTestId('vn-countdown')?.textContent).toMatch(/^Bets close in \d+:\d\d$/);
    // The tickets and the results are asked again.
    expect(api.vnResults.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(api.vnTickets.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('shows settled tickets with their lines and hits', async () => {
    const settled: VnTicket = {
      ...ticketOf({
        launch: LAUNCH,
        slipId: 'slip-000001',
        numero: '20250101-0000',
        lines: [{ betType: 'lo2', numbers: ['07'], unit: '1.00', multiplier: 1 }],
      }),
      status: 'settled',
      win: '7.00',
      settledAt: new Date().toISOString(),
    };
    settled.lines[0] = { ...settled.lines[0]!, hits: 2, win: '7.00' };
    await renderGame(fakeApi({ vnTickets: vi.fn(async () => [settled]) }));
    const ticket = byTestId('vn-ticket')!;
    expect(ticket.dataset.status).toBe('settled');
    expect(ticket.textContent).toContain('Won 7.00');
    expect(ticket.textContent).toContain('Hits: 2');
  });
});

describe('the results table', () => {
  const digits = () => {
    let n = 0;
    return () => n++ % 10;
  };
  const entry = (format: VnFormat): VnResultEntry => ({
    numero: '20250101-0001',
    openedAt: new Date().toISOString(),
    prizes: drawVnResult(format, digits()),
  });
  const tiers = () =>
    [...container.querySelectorAll<HTMLElement>('[data-testid^="vn-result-tier-"]')].map((row) =>
      row.dataset.testid!.replace('vn-result-tier-', ''),
    );

  it('reads the north from the special prize down to the seventh', async () => {
    await render(<ResultTable entry={entry('north')} format="north" />);
    expect(tiers()).toEqual(['DB', 'G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7']);
    expect(byTestId('vn-result-tier-DB')?.querySelector('th')?.textContent).toBe('Special prize');
    expect(byTestId('vn-result-tier-DB')?.className).toContain('vn-tier-special');
    expect(byTestId('vn-result-tier-G3')?.querySelectorAll('.vn-prize-number')).toHaveLength(6);
  });

  it('reads the south from the eighth prize up to the special prize', async () => {
    await render(<ResultTable entry={entry('south')} format="south" />);
    expect(tiers()).toEqual(['G8', 'G7', 'G6', 'G5', 'G4', 'G3', 'G2', 'G1', 'DB']);
    expect(byTestId('vn-result-tier-G8')?.querySelector('th')?.textContent).toBe('8th prize');
    expect(byTestId('vn-result-tier-DB')?.textContent).toMatch(/\d{6}$/);
  });

  it('the game shows the latest result and lets the player open an earlier one', async () => {
    const latest = { ...entry('north'), numero: '20250101-0002' };
    const earlier = { ...entry('north'), numero: '20250101-0001' };
    await renderGame(fakeApi({ vnResults: vi.fn(async () => [latest, earlier]) }));
    const table = () => byTestId('vn-results')!.querySelector('table')!;
    expect(table().dataset.numero).toBe('20250101-0002');
    await choose('vn-result-history', '20250101-0001');
    expect(table().dataset.numero).toBe('20250101-0001');
  });
});

describe('the game page of a Vietnamese lottery launch', () => {
  it('is a chunk of its own: the game page (and so the site) loads it only for these launches', () => {
    const play = staticGraph('src/play/main.tsx');
    expect(play.has(path.resolve('src/play/PlayApp.tsx'))).toBe(true);
    expect(play.has(path.resolve('src/play/vnLotto/VnLottoGame.tsx'))).toBe(false);
    expect(play.has(path.resolve('src/shared/vnLotto.ts'))).toBe(false);
  });

  it('shows the Vietnamese game, the city and the region, never the vendor code', async () => {
    const session = {
      gameName: 'Hà Nội',
      vendor: 'TCG_LOTTO_VN',
      engine: 'draw',
      demo: false,
      balance: '100.00',
      currency: 'USD',
      betLevels: ['1.00', '5.00'],
      rtp: 0.96,
      symbols: [],
      lotto: { area: 'VN', prizeMode: 'ELOTT', view: 'betting' },
      lobby: null,
      draw: {
        gameCode: 'TCG_LOTTO_VN-LOTT-001',
        gameName: 'Hà Nội',
        groupCode: 'VN_NORTH',
        groupName: 'Miền Bắc',
        intervalSeconds: 600,
        current: { numero: '20250101-0001', closesAt: new Date().toISOString() },
        last: null,
      },
      lotteryRoute: '/vnLottery',
      vnLotto: vnSession(),
      drawLotto: null,
    } satisfies PlaySession;
    const api = fakeApi({ session: vi.fn(async () => session) });
    await render(<PlayApp launch={LAUNCH} api={api} />);
    expect(byTestId('vn-lotto')).not.toBeNull();
    expect(byTestId('draw')).toBeNull();
    expect(container.querySelector('h1')?.textContent).toBe('Hà Nội');
    expect(container.textContent).toContain('Miền Bắc');
    expect(container.textContent).not.toContain('TCG_LOTTO_VN');
    expect(byTestId('play-balance')?.textContent).toBe('100.00');
  });
});

function drawSession(group: string): DrawLottoSession {
  const shape = drawShapeOf(group);
  return {
    group,
    kind: drawKindOf(shape),
    shape,
    betTypes: drawBetShapes(shape).map((bet) => ({
      betType: bet.betType,
      positions: bet.positions,
      values: [...bet.values],
      odds: bet.values.map((value) => oddsText(drawPayout(bet, value))),
    })),
    open: openDraw('20250101-0001'),
    maxLines: 50,
    maxMultiplier: 100,
  };
}

describe('the other scheduled lotteries’ game page', () => {
  const renderDraw = (api: PlayApi, group: string) =>
    render(
      <DrawLottoGame
        api={api}
        launch={LAUNCH}
        draw={drawSession(group)}
        betLevels={['1.00', '5.00']}
        onBalance={vi.fn()}
        money={(amount) => amount}
      />,
    );

  it('offers a digit draw’s bet types, and places a digit at a position as a line', async () => {
    const api = fakeApi();
    await renderDraw(api, 'SSC');
    expect(byTestId('vn-bet-type-digit')?.textContent).toBe('Digit1 pays 9.5');
    expect(byTestId('vn-bet-type-last2')?.textContent).toBe('Last two1 pays 95');
    expect(container.querySelectorAll('.vn-grid button')).toHaveLength(10);
    await choose('draw-position', '3');
    await click('vn-number-7');
    await typeInto('vn-multiplier', '2');
    await click('vn-add');
    expect(lineTexts()[0]).toContain('Position 3 · 7');
    expect(lineTexts()[0]).toContain('Wins 19.00');
    expect(byTestId('vn-slip-total')?.textContent).toBe('2.00');
    await click('vn-place');
    expect(api.vnPlace).toHaveBeenCalledWith(
      expect.objectContaining({
        numero: '20250101-0001',
        lines: [{ betType: 'digit', position: 3, numbers: ['7'], unit: '1.00', multiplier: 2 }],
      }),
    );
  });

  it('offers the dice sums with their range of odds, and big/small by name', async () => {
    await renderDraw(fakeApi(), 'K3');
    expect(byTestId('vn-bet-type-diceSum')?.textContent).toBe('Sum1 pays 7.6–68.4');
    expect(container.querySelectorAll('.vn-grid button')).toHaveLength(14);
    expect(byTestId('draw-position')).toBeNull();
    await click('vn-bet-type-diceBigSmall');
    expect(byTestId('vn-number-big')?.textContent).toBe('Big');
    await click('vn-number-big');
    await click('vn-add');
    expect(lineTexts()[0]).toContain('Wins 1.95');
  });
});
