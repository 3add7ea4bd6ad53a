import { describe, expect, it } from 'vitest';
import {
  decideLaunch,
  type LaunchableGame,
  lotteryRouteOf,
  offersFreeTrial,
  type Player,
  presentLaunch,
} from '../../../src/shared/gameLaunch';

const game = (overrides: Partial<LaunchableGame> & { vassalage: string }): LaunchableGame => ({
  nodeId: 'node-1',
  gameType: 'RNG',
  isGame: null,
  ...overrides,
});
const players: Player[] = ['guest', 'player', 'trial', 'agent'];

describe('launch by vassalage (spec 4)', () => {
  it.each([
    ['TCG_LOTTO_VN', '/vnLottery?gameCode=VN45'],
    ['TCG_SEA', '/seaLottery?gameCode=VN45'],
    ['LOTT', '/lottery?gameCode=VN45'],
    ['ELOTT', '/lottery?gameCode=VN45'],
  ])('%s opens %s for a real account', (vassalage, path) => {
    for (const player of ['player', 'agent'] as const) {
      expect(
        decideLaunch({
          game: game({ vassalage, gameType: 'LOTT', gameCode: 'VN45' }),
          player,
          mode: 'real',
          origin: 'gameList',
        }),
      ).toEqual({ kind: 'navigate', path });
    }
  });

  it('opens the lottery lobby (empty gameCode) for a card without a game code, and escapes it', () => {
    const lobby = decideLaunch({
      game: game({ vassalage: 'TCG_LOTTO_VN' }),
      player: 'player',
      mode: 'real',
      origin: 'vendorList',
    });
    expect(lobby).toEqual({ kind: 'navigate', path: '/vnLottery?gameCode=' });
    const odd = decideLaunch({
      game: game({ vassalage: 'LOTT', gameCode: 'a&b=c' }),
      player: 'player',
      mode: 'real',
      origin: 'gameList',
    });
    expect(odd).toEqual({ kind: 'navigate', path: '/lottery?gameCode=a%26b%3Dc' });
  });

  it('lottery pages need a real account, even from the free-trial button', () => {
    for (const mode of ['real', 'demo'] as const) {
      const lottery = game({ vassalage: 'TCG_SEA' });
      expect(decideLaunch({ game: lottery, player: 'guest', mode, origin: 'gameList' })).toEqual({
        kind: 'login',
      });
      expect(decideLaunch({ game: lottery, player: 'trial', mode, origin: 'gameList' })).toEqual({
        kind: 'realAccountNeeded',
      });
    }
  });

  it('a vendor flagged VASSALAGE shows its popup game list, to anyone', () => {
    for (const player of players) {
      expect(
        decideLaunch({
          game: game({ vassalage: 'PG', isGame: 'VASSALAGE' }),
          player,
          mode: 'real',
          origin: 'vendorList',
        }),
      ).toEqual({ kind: 'vendorGames', vassalage: 'PG' });
    }
  });

  it('an RNG card in a vendor list goes to /rng with the vendor, to anyone', () => {
    for (const player of players) {
      expect(
        decideLaunch({
          game: game({ vassalage: 'JDB' }),
          player,
          mode: 'real',
          origin: 'vendorList',
        }),
      ).toEqual({ kind: 'navigate', path: '/rng?vassalage=JDB' });
    }
  });

  it('lottery vendors win over the VASSALAGE flag and the RNG vendor rule', () => {
    expect(
      decideLaunch({
        game: game({ vassalage: 'LOTT', isGame: 'VASSALAGE' }),
        player: 'player',
        mode: 'real',
        origin: 'vendorList',
      }),
    ).toEqual({ kind: 'navigate', path: '/lottery?gameCode=' });
  });

  it('anything else launches directly: real play for players and agents', () => {
    for (const player of ['player', 'agent'] as const) {
      expect(
        decideLaunch({
          game: game({ vassalage: 'JDB', nodeId: 'jdb-7' }),
          player,
          mode: 'real',
          origin: 'gameList',
        }),
      ).toEqual({ kind: 'launch', request: { nodeId: 'jdb-7', vassalage: 'JDB' } });
    }
    // A live-casino card in a vendor lane is not an RNG list: it launches.
    expect(
      decideLaunch({
        game: game({ vassalage: 'EVO', gameType: 'LIVE', gameCode: 'baccarat' }),
        player: 'player',
        mode: 'real',
        origin: 'vendorList',
      }),
    ).toEqual({
      kind: 'launch',
      request: { nodeId: 'node-1', vassalage: 'EVO', gameCode: 'baccarat' },
    });
  });

  it('real play is blocked for guests (login) and trial accounts (real account needed)', () => {
    const direct = game({ vassalage: 'JDB' });
    expect(
      decideLaunch({ game: direct, player: 'guest', mode: 'real', origin: 'gameList' }),
    ).toEqual({ kind: 'login' });
    expect(
      decideLaunch({ game: direct, player: 'trial', mode: 'real', origin: 'gameList' }),
    ).toEqual({ kind: 'realAccountNeeded' });
  });

  it('free trial plays in demo mode for anyone, guests and trial accounts included', () => {
    for (const player of players) {
      expect(
        decideLaunch({
          game: game({ vassalage: 'JDB', nodeId: 'jdb-7' }),
          player,
          mode: 'demo',
          origin: 'gameList',
        }),
      ).toEqual({ kind: 'launch', request: { nodeId: 'jdb-7', vassalage: 'JDB', demo: true } });
    }
  });

  it('offers the free-trial button only on games that launch directly', () => {
    expect(offersFreeTrial(game({ vassalage: 'JDB' }))).toBe(true);
    expect(offersFreeTrial(game({ vassalage: 'TCG_LOTTO_VN' }))).toBe(false);
    expect(offersFreeTrial(game({ vassalage: 'PG', isGame: 'VASSALAGE' }))).toBe(false);
  });

  it('knows the lottery routes and nothing inherited', () => {
    expect(lotteryRouteOf('TCG_SEA')).toBe('/seaLottery');
    expect(lotteryRouteOf('JDB')).toBeUndefined();
    expect(lotteryRouteOf('toString')).toBeUndefined();
  });
});

describe('opening a launched game', () => {
  it('opens the 440 × 750 game popup or the page, as launchGame says', () => {
    expect(presentLaunch({ url: '/demo/slot?t=1', mode: 'popup' })).toEqual({
      kind: 'popup',
      url: '/demo/slot?t=1',
      width: 440,
      height: 750,
    });
    expect(presentLaunch({ url: '/demo/draw', mode: 'page' })).toEqual({
      kind: 'page',
      url: '/demo/draw',
    });
  });
});
