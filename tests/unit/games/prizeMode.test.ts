import { describe, expect, it } from 'vitest';
import {
  lotteryVendorOf,
  lottoLaunchRequest,
  prizeModeForPage,
  prizeModeOf,
} from '../../../src/shared/prizeMode';
import { card, vendor } from './fixtures';

const lane = (title: string, vendors: string[]) => ({
  title,
  cards: vendors.map((vassalage) => card({ vassalage })),
  gameClassify: null,
});

describe('prize mode (spec 4)', () => {
  it('is ELOTT when the ELOTT category holds a TCG_LOTTO_VN or LOTT card', () => {
    expect(prizeModeOf([lane('RNG', ['PG']), lane('ELOTT', ['TCG_LOTTO_VN'])])).toBe('ELOTT');
    expect(prizeModeOf([lane('ELOTT', ['XYZ', 'LOTT'])])).toBe('ELOTT');
  });

  it('is LOTT otherwise: other vendors, the cards in another category, no ELOTT at all', () => {
    expect(prizeModeOf([lane('ELOTT', ['TCG_SEA'])])).toBe('LOTT');
    expect(prizeModeOf([lane('LOTT', ['TCG_LOTTO_VN', 'LOTT'])])).toBe('LOTT');
    expect(prizeModeOf([lane('ELOTT', [])])).toBe('LOTT');
    expect(prizeModeOf([])).toBe('LOTT');
  });

  it('reads vendor categories as well as lanes', () => {
    const categories = [{ gameCategory: 'ELOTT', vendors: [vendor('LOTT', 'ELOTT')] }];
    expect(prizeModeOf(categories)).toBe('ELOTT');
  });

  it('uses SEA on /seaLottery and the ELOTT rule on the other pages', () => {
    const electronic = [lane('ELOTT', ['LOTT'])];
    expect(prizeModeForPage('seaLottery', electronic)).toBe('SEA');
    expect(prizeModeForPage('lottery', electronic)).toBe('ELOTT');
    expect(prizeModeForPage('vnLottery', [])).toBe('LOTT');
  });

  it('launches each page with its vendor', () => {
    expect(lotteryVendorOf('vnLottery', 'LOTT')).toBe('TCG_LOTTO_VN');
    expect(lotteryVendorOf('seaLottery', 'SEA')).toBe('TCG_SEA');
    expect(lotteryVendorOf('lottery', 'ELOTT')).toBe('ELOTT');
    expect(lotteryVendorOf('lottery', 'LOTT')).toBe('LOTT');
  });
});

describe('lottery launch request (spec 7)', () => {
  const base = { backUrl: 'https://site.test/', language: 'EN' };

  it('goes to betting when the page names a game', () => {
    expect(
      lottoLaunchRequest({ ...base, page: 'vnLottery', prizeMode: 'ELOTT', gameCode: 'VN45' }),
    ).toEqual({
      vassalage: 'TCG_LOTTO_VN',
      lottoArea: 'VN',
      launchMode: 'LOTT',
      lottoPrizeMode: 'ELOTT',
      lottoGameCode: 'VN45',
      lottoView: 'betting',
      device: 'WEB',
      backUrl: 'https://site.test/',
      language: 'EN',
    });
  });

  it('goes to the lobby without a game code (missing or blank)', () => {
    for (const gameCode of [null, '', '  ']) {
      const request = lottoLaunchRequest({ ...base, page: 'lottery', prizeMode: 'LOTT', gameCode });
      expect(request.lottoView).toBe('lobby');
      expect(request.lottoGameCode).toBe('');
      expect(request.vassalage).toBe('LOTT');
    }
  });
});
