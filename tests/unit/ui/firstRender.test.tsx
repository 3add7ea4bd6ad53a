// @vitest-environment jsdom
import i18next from 'i18next';
import { act } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { GAME_LIST_PATH } from '../../../src/shared/gameListQuery';
import type { GameItem, GameListPage } from '../../../src/shared/games';
import { lazySection } from '../../../src/ui/core/lazySection';
import { provideFeature } from '../../../src/app/feature';
import { gamesFeature, type GamesFeature } from '../../../src/app/features/games';
import type { Services } from '../../../src/app/services';
import { ServicesContext } from '../../../src/ui/core/ServicesContext';
import { type GameListState, useGameList } from '../../../src/ui/games/useGameList';

vi.mock('../../../src/i18n/setup', () => ({ loadSectionTexts: async () => {} }));

/**
 * What lets a route's page draw in the app's first render (issue 12, Lighthouse on /rng): a
 * preloaded section draws at once, and a game list the server put into the page shows its cards
 * without a call.
 */
describe("the page's first render", () => {
  it('draws a preloaded section in the same render, with no empty frame, loading it once', async () => {
    const loader = vi.fn(async () => ({ default: () => <p>section drawn</p> }));
    const Preloaded = lazySection('Preloaded', loader, { sectionTexts: false });
    const NotPreloaded = lazySection(
      'NotPreloaded',
      async () => ({ default: () => <p>other drawn</p> }),
      { sectionTexts: false },
    );
    await Preloaded.preload();
    await Preloaded.preload(); // once
    const container = document.createElement('div');
    const root = createRoot(container);
    // One synchronous render, no act: whatever suspends shows nothing yet.
    flushSync(() =>
      root.render(
        <>
          <Preloaded />
          <NotPreloaded />
        </>,
      ),
    );
    expect(container.querySelector('p')?.textContent).toBe('section drawn');
    expect(container.textContent).not.toContain('other drawn'); // its spinner meanwhile
    expect(loader).toHaveBeenCalledTimes(1);
    root.unmount();
  });

  it('shows the first page of games the server put into the page, without asking for it', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const i18n = i18next.createInstance();
    await i18n.use(initReactI18next).init({ lng: 'en', resources: {} });
    const game = { nodeId: 'PG-RNG-001', gameName: 'Rising Vault' } as unknown as GameItem;
    const booted: GameListPage = { games: [game], totalPages: 3 } as unknown as GameListPage;
    const gameList = vi.fn(() => new Promise<GameListPage>(() => {}));
    const takeBootAnswer = vi.fn(() => booted);
    const services = {
      takeBootAnswer,
      merchantCode: () => 'AURORA',
    } as unknown as Services;
    provideFeature(services, gamesFeature, { gameList } as unknown as GamesFeature);
    const states: GameListState[] = [];
    function View() {
      states.push(useGameList({ gameType: 'RNG', vassalage: 'PG', pageSize: 24 }).state);
      return null;
    }
    const root = createRoot(document.createElement('div'));
    await act(async () =>
      root.render(
        <I18nextProvider i18n={i18n}>
          <ServicesContext.Provider value={services}>
            <View />
          </ServicesContext.Provider>
        </I18nextProvider>,
      ),
    );
    expect(states[0]).toEqual({ kind: 'ready', games: [game], totalPages: 3 });
    // The query as the page's call would send it (the server keyed its answer by the same).
    expect(takeBootAnswer).toHaveBeenCalledWith(GAME_LIST_PATH, {
      clientType: 3,
      platform: 'html5-desktop',
      merchant: 'AURORA',
      gameType: 'RNG',
      vassalage: 'PG',
      pageSize: 24,
      language: 'EN',
      pageNo: 1,
    });
    expect(gameList).not.toHaveBeenCalled();
    await act(async () => root.unmount());
  });
});
