// @vitest-environment jsdom
import i18next, { type i18n } from 'i18next';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { provideFeature } from '../../../src/app/feature';
import { gamesFeature, type GamesFeature } from '../../../src/app/features/games';
import type { Services } from '../../../src/app/services';
import en from '../../../src/i18n/locales/en.json';
import sections from '../../../src/i18n/locales/sections/en.json';
import type { LotteryMenuGroup } from '../../../src/shared/games';
import type { LobbyGame } from '../../../src/shared/lottery';
import type { SystemStatusResponse } from '../../../src/shared/system';
import { ServicesContext } from '../../../src/ui/core/ServicesContext';
import { SiteInfoContext } from '../../../src/ui/core/SiteInfoContext';
import LotteryPage from '../../../src/ui/games/pages/LotteryPage';

vi.mock('../../../src/i18n/setup', () => ({ loadSectionTexts: async () => {} }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let i18n: i18n;
beforeAll(async () => {
  i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en, sections } },
    fallbackNS: 'sections',
    interpolation: { escapeValue: false },
  });
});

const entry = (gameCode: string, gameName: string) => ({
  gameCode,
  nodeId: gameCode,
  gameName,
  vassalage: 'TCG_LOTTO_VN',
  gameType: 'LOTT',
  prizeMode: 'LOTT' as const,
  iconUrl: null,
  engine: 'draw' as const,
});
const MENU: LotteryMenuGroup[] = [
  {
    groupCode: 'VN_NORTH',
    groupName: 'Northern',
    gameMenus: [entry('VN-001', 'Hanoi'), entry('VN-002', 'Hai Phong')],
  },
  {
    groupCode: 'VN_SOUTH',
    groupName: 'Southern',
    gameMenus: [entry('VN-101', 'Ho Chi Minh City'), entry('VN-102', 'Vung Tau')],
  },
];
const lobbyGame = (gameCode: string, groupCode: string): LobbyGame => ({
  gameCode,
  gameName: gameCode,
  groupCode,
  groupName: groupCode,
  intervalSeconds: 600,
  current: {
    numero: '20250101-0001',
    closesAt: new Date(Date.now() + 3 * 60_000 + 12_000).toISOString(),
  },
  last: null,
});

function setUp() {
  const launch = vi.fn(async (request: { lottoGameCode?: string }) => ({
    url: `/play.html?launch=token-of-${request.lottoGameCode}`,
    mode: 'page',
  }));
  const module = {
    vendors: vi.fn(async () => []),
    lotteryMenu: vi.fn(async () => MENU),
    launch,
    lottery: {
      lobby: vi.fn(async () => [lobbyGame('VN-001', 'VN_NORTH'), lobbyGame('VN-101', 'VN_SOUTH')]),
      results: vi.fn(async () => []),
      openedDraws: vi.fn(async () => []),
    },
  };
  const services = {} as Services;
  provideFeature(services, gamesFeature, module as unknown as GamesFeature);
  const info = {
    info: { lottery: { lobbyInfo: '/lobby', recentResults: '/results' } },
  } as unknown as SystemStatusResponse;
  return { services, info, module };
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
});

async function renderAt(path: string) {
  const { services, info, module } = setUp();
  await act(async () => {
    root.render(
      <I18nextProvider i18n={i18n}>
        <ServicesContext.Provider value={services}>
          <SiteInfoContext.Provider value={info}>
            <MemoryRouter initialEntries={[path]}>
              <LotteryPage kind="vnLottery" />
            </MemoryRouter>
          </SiteInfoContext.Provider>
        </ServicesContext.Provider>
      </I18nextProvider>,
    );
  });
  // The vendors, then the menu and the launch.
  await act(async () => {});
  await act(async () => {});
  return module;
}

const q = <T extends HTMLElement = HTMLElement>(selector: string) =>
  container.querySelector<T>(selector);
const tabs = () => [...container.querySelectorAll<HTMLElement>('[role="tab"]')];
const cities = () => [
  ...container.querySelectorAll<HTMLAnchorElement>('[data-testid="lottery-city"]'),
];

describe('the Vietnam lottery page', () => {
  it('with no city chosen: the regions, the cities with their countdowns and a prompt', async () => {
    const module = await renderAt('/vnLottery?gameCode=');
    expect(tabs().map((tab) => tab.textContent)).toEqual(['Northern', 'Southern']);
    expect(tabs()[0]!.getAttribute('aria-selected')).toBe('true');
    expect(cities().map((city) => city.querySelector('.lottery-city-name')?.textContent)).toEqual([
      'Hanoi',
      'Hai Phong',
    ]);
    expect(cities()[0]!.textContent).toMatch(/closes in 3:1\d$/);
    expect(q('[data-testid="lottery-prompt"]')?.textContent).toContain('Choose a city to bet');
    expect(q('iframe')).toBeNull();
    expect(module.launch).not.toHaveBeenCalled();
    // Another region's cities.
    await act(async () => tabs()[1]!.click());
    expect(cities().map((city) => city.querySelector('.lottery-city-name')?.textContent)).toEqual([
      'Ho Chi Minh City',
      'Vung Tau',
    ]);
    // The draws below keep to the region shown; no vendor code anywhere.
    const lobby = q('[data-testid="lottery-lobby"]')!;
    expect(lobby.querySelectorAll('li')).toHaveLength(1);
    expect(lobby.querySelector('li')?.dataset.gameCode).toBe('VN-101');
    expect(container.textContent).not.toContain('TCG_LOTTO_VN');
  });

  it('with a city chosen: its region selected, the city current, the game right under the chooser', async () => {
    const module = await renderAt('/vnLottery?gameCode=VN-102');
    expect(tabs()[1]!.getAttribute('aria-selected')).toBe('true');
    const current = container.querySelectorAll('[aria-current="page"]');
    expect(current).toHaveLength(1);
    expect(current[0]!.textContent).toContain('Vung Tau');
    expect(module.launch).toHaveBeenCalledWith(
      expect.objectContaining({ lottoGameCode: 'VN-102', lottoView: 'betting' }),
    );
    const game = q('[data-testid="lottery-game"]')!;
    expect(game.querySelector('h2')?.textContent).toBe('Vung TauSouthern');
    expect(game.querySelector('iframe')?.getAttribute('src')).toBe(
      '/play.html?launch=token-of-VN-102',
    );
    // The chooser comes first, the game next.
    const menu = q('[data-testid="lottery-menu"]')!;
    expect(menu.compareDocumentPosition(game) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('choosing another city shows its name and a loading state at once, and scrolls to it', async () => {
    const scrolled = vi.fn();
    HTMLElement.prototype.scrollIntoView = scrolled;
    window.matchMedia = ((query: string) => ({
      matches: query.includes('max-width'),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
    const module = await renderAt('/vnLottery?gameCode=VN-001');
    let answer: (value: { url: string; mode: string }) => void = () => undefined;
    module.launch.mockImplementationOnce(
      () => new Promise<{ url: string; mode: string }>((resolve) => (answer = resolve)),
    );
    await act(async () => cities()[1]!.click());
    const game = q('[data-testid="lottery-game"]')!;
    expect(game.querySelector('h2')?.textContent).toBe('Hai PhongNorthern');
    expect(game.querySelector('[role="status"]')?.textContent).toContain('Opening Hai Phong…');
    expect(game.querySelector('iframe')).toBeNull();
    expect(scrolled).toHaveBeenCalledWith({ block: 'start', behavior: 'smooth' });
    await act(async () => answer({ url: '/play.html?launch=x', mode: 'page' }));
    expect(game.querySelector('iframe')).not.toBeNull();
  });
});
