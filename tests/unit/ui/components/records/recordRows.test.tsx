// @vitest-environment jsdom
import i18next from 'i18next';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../../../src/i18n/locales/en.json';
import sections from '../../../../../src/i18n/locales/sections/en.json';
import { provideFeature } from '../../../../../src/app/feature';
import { recordsFeature, type RecordsFeature } from '../../../../../src/app/features/records';
import type { Services } from '../../../../../src/app/services';
import type { BetRecordItem, Page } from '../../../../../src/shared/records';
import {
  type CompactRecord,
  RecordRows,
} from '../../../../../src/ui/components/records/RecordRows';
import type { RecordColumn } from '../../../../../src/ui/components/records/RecordsTable';
import { ServicesContext } from '../../../../../src/ui/core/ServicesContext';
import { BettingRecord } from '../../../../../src/ui/member/records/RecordPages';

/**
 * The records on a phone (product review, member centre): one compact row per record — what and
 * when, the signed and coloured amount, the status — that opens its details and closes them
 * again, from the pointer or the keyboard.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Entry {
  id: string;
  what: string;
  at: string;
  amount: string;
  wallet: string;
  state: 'done' | 'waiting';
}

const columns: RecordColumn<Entry>[] = [
  { id: 'at', label: 'Time', cell: (entry) => entry.at },
  { id: 'what', label: 'Type', cell: (entry) => entry.what },
  { id: 'wallet', label: 'Wallet', cell: (entry) => entry.wallet },
  { id: 'amount', label: 'Amount', numeric: true, cell: (entry) => entry.amount },
];
const compact: CompactRecord<Entry> = {
  title: (entry) => entry.what,
  subtitle: (entry) => entry.at,
  amount: (entry) => entry.amount,
  moved: (entry) => entry.state === 'done',
  status: (entry) =>
    entry.state === 'waiting'
      ? { label: 'Pending', tone: 'accent' }
      : { label: 'Done', tone: 'success' },
  summarized: ['at', 'what', 'amount'],
};
const entry = (id: string, amount: string, state: Entry['state'] = 'done'): Entry => ({
  id,
  what: `Movement ${id}`,
  at: `2025-03-0${id} 10:00`,
  amount,
  wallet: `Wallet ${id}`,
  state,
});
const pageOf = <T,>(items: T[], totals?: Record<string, string>): Page<T> => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
  ...(totals ? { totals } : {}),
});

let mounted: { root: Root; container: HTMLElement } | null = null;
afterEach(() => {
  const current = mounted;
  mounted = null;
  if (current) {
    act(() => current.root.unmount());
    current.container.remove();
  }
});

async function render(view: ReactNode, services = {} as Services) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en, sections } },
    fallbackNS: 'sections',
    interpolation: { escapeValue: false },
  });
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
  const rows = () => [...container.querySelectorAll<HTMLElement>('[data-testid="record-row"]')];
  const toggleOf = (row: HTMLElement) => row.querySelector<HTMLButtonElement>('button')!;
  const click = (row: HTMLElement) => act(() => toggleOf(row).click());
  return { container, rows, toggleOf, click };
}

const rowsOf = (items: Entry[], totals?: Record<string, string>) => (
  <RecordRows
    page={pageOf(items, totals)}
    columns={columns}
    compact={compact}
    rowKey={(item) => item.id}
    formatTotal={(total) => `= ${total}`}
    testId="test-records"
  />
);

describe('compact record rows', () => {
  it('shows each record on two lines: what and when, the signed and coloured amount and the status', async () => {
    const view = await render(
      rowsOf([entry('1', '25.00'), entry('2', '-7.50'), entry('3', '40.00', 'waiting')]),
    );
    const [credit, debit, waiting] = view.rows();
    expect(view.rows()).toHaveLength(3);
    expect(credit!.querySelector('.record-row-title')!.textContent).toBe('Movement 1');
    expect(credit!.querySelector('.record-row-time')!.textContent).toBe('2025-03-01 10:00');
    const amount = (row: HTMLElement) => row.querySelector('[data-testid="record-row-amount"]')!;
    expect(amount(credit!).textContent).toBe('+25.00');
    expect(amount(credit!).className).toContain('plus');
    expect(amount(debit!).textContent).toBe('-7.50');
    expect(amount(debit!).className).toContain('minus');
    // Money that has not moved yet keeps its sign but takes no colour.
    expect(amount(waiting!).textContent).toBe('+40.00');
    expect(amount(waiting!).className).toContain('zero');
    expect(waiting!.querySelector('.badge-accent')!.textContent).toBe('Pending');
    expect(credit!.querySelector('.badge-success')!.textContent).toBe('Done');
  });

  it('opens a row’s details on a tap and closes them on the next, one row at a time', async () => {
    const view = await render(rowsOf([entry('1', '25.00'), entry('2', '-7.50')]));
    const [first, second] = view.rows();
    expect(view.toggleOf(first!).getAttribute('aria-expanded')).toBe('false');
    expect(first!.querySelector('dl')).toBeNull();

    await view.click(first!);
    const toggle = view.toggleOf(first!);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const details = first!.querySelector('dl')!;
    expect(toggle.getAttribute('aria-controls')).toBe(details.id);
    // The details hold what the two lines do not.
    expect([...details.querySelectorAll('dt')].map((node) => node.textContent)).toEqual(['Wallet']);
    expect(details.querySelector('dd')!.textContent).toBe('Wallet 1');
    expect(second!.querySelector('dl')).toBeNull();

    await view.click(first!);
    expect(view.toggleOf(first!).getAttribute('aria-expanded')).toBe('false');
    expect(first!.querySelector('dl')).toBeNull();
  });

  it('is a native button per row, so Tab reaches it and Enter or Space opens it; focus stays on it', async () => {
    const view = await render(rowsOf([entry('1', '25.00'), entry('2', '-7.50')]));
    const toggles = view.rows().map(view.toggleOf);
    for (const toggle of toggles) {
      expect(toggle.tagName).toBe('BUTTON');
      expect(toggle.type).toBe('button');
      expect(toggle.tabIndex).toBe(0);
    }
    toggles[1]!.focus();
    // A browser turns Enter and Space on a focused button into a click.
    await act(() => toggles[1]!.click());
    expect(document.activeElement).toBe(view.toggleOf(view.rows()[1]!));
    expect(document.activeElement!.getAttribute('aria-expanded')).toBe('true');
    await act(() => toggles[1]!.click());
    expect(document.activeElement!.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the list with the server’s totals under the same test id as the table’s', async () => {
    const view = await render(rowsOf([entry('1', '25.00')], { amount: '25.00' }));
    const totals = view.container.querySelector('[data-testid="test-records-totals"]')!;
    expect(totals.textContent).toBe('TotalAmount= 25.00');
  });

  it('a record with nothing more to show is a plain row, not a button', async () => {
    const view = await render(
      <RecordRows
        page={pageOf([entry('1', '25.00')])}
        columns={columns}
        compact={{ ...compact, summarized: ['at', 'what', 'wallet', 'amount'] }}
        rowKey={(item) => item.id}
        testId="test-records"
      />,
    );
    expect(view.rows()[0]!.querySelector('button')).toBeNull();
  });
});

describe('a record page picks rows or a table by the screen', () => {
  const bet: BetRecordItem = {
    id: '9',
    at: '2025-03-01T10:00:00.000Z',
    vendor: 'DEMO',
    gameName: 'Lucky Sevens',
    roundId: 'r-1',
    betAmount: '10.00',
    validBetAmount: '10.00',
    winAmount: '4.00',
    profit: '-6.00',
    status: 'settled',
  };

  async function renderRecord(wide: boolean) {
    window.matchMedia = ((query: string) => ({
      matches: wide,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
    const services = {} as Services;
    provideFeature(services, recordsFeature, {
      fetch: async () => pageOf([bet], { betAmount: '10.00', profit: '-6.00' }),
    } as unknown as RecordsFeature);
    const view = await render(<BettingRecord vendors={[]} />, services);
    await act(async () => {});
    return view;
  }

  it('on a phone: a row with the game, the signed result and the status', async () => {
    const view = await renderRecord(false);
    expect(view.container.querySelector('table')).toBeNull();
    const [row] = view.rows();
    expect(row!.querySelector('.record-row-title')!.textContent).toBe('Lucky Sevens');
    expect(row!.querySelector('[data-testid="record-row-amount"]')!.textContent).toBe('-6.00');
    expect(row!.querySelector('.badge')!.textContent).toBe('Settled');
    await view.click(row!);
    expect(row!.querySelector('dl')!.textContent).toContain('DEMO · Lucky Sevens');
    expect(row!.querySelector('dl')!.textContent).toContain('r-1');
    expect(view.container.querySelector('[data-testid="bet-records-totals"]')).not.toBeNull();
  });

  it('wider: the table, one row per record', async () => {
    const view = await renderRecord(true);
    expect(view.rows()).toHaveLength(0);
    expect(
      view.container.querySelectorAll('[data-testid="bet-records-table"] tbody tr'),
    ).toHaveLength(1);
  });
});
