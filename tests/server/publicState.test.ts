import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberInfo } from '../../src/shared/identity';
import type { PromotionList } from '../../src/shared/promotions';
import { PUBLIC_STATE_PATH, type PublicState } from '../../src/shared/publicState';
import { bearer, loginToken } from '../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../support/testServer';

/**
 * Spec 3's public state in one answer (issue 32, finding 3), under the spec's names, the same
 * values the separate calls answer: balance, VIP, promotions open, unread messages, the referral
 * flag, notices, banners and pop-ups.
 */
describe.each(engines)('the public state in one call on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  const value = async <T>(path: string, token?: string) => {
    const reply = await call(server, path, { headers: token ? bearer(token) : {} });
    expect(reply.status, `${path}: ${JSON.stringify(reply.body)}`).toBe(200);
    return reply.body.value as T;
  };
  const announcements = '/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR,H&execution=A,B,F';

  it("answers a member's state as the separate calls do", async () => {
    const token = await loginToken(server, 'player4');
    const state = await value<PublicState>(PUBLIC_STATE_PATH, token);
    const balance = await value<{ balance: string; currencySymbol: string }>(
      '/wps/v2/wallets/balance',
      token,
    );
    const info = await value<MemberInfo>('/wps/member/info', token);
    const promotions = await value<PromotionList>('/wps/promotions', token);
    const unread = await value<{ unread: number }>('/wps/messages/unread', token);
    const lists = await value<{
      player: { id: string; title: string }[];
      banners: unknown[];
      popup: unknown[];
    }>(announcements, token);
    expect(state).toEqual({
      balance: balance.balance,
      currencySymbol: balance.currencySymbol,
      hasVip: info.hasVip,
      vipLabelName: info.vipLabelName,
      vipRankLevel: info.vipRankLevel,
      availablePromoCount: promotions.availablePromoCount,
      unreadMessage: unread.unread,
      availablePromo: promotions.availablePromo,
      notices: lists.player.map(({ id, title }) => ({ id, title })),
      banners: lists.banners,
      popups: lists.popup,
    });
    expect(state.balance).toMatch(/^\d+\.\d{2}$/);
  });

  it("answers a guest's view without a token, and refuses a token it cannot accept", async () => {
    const guest = await value<PublicState>(PUBLIC_STATE_PATH);
    const promotions = await value<PromotionList>('/wps/promotions');
    expect(guest).toMatchObject({
      balance: null,
      hasVip: false,
      vipRankLevel: 0,
      unreadMessage: 0,
      availablePromoCount: promotions.availablePromoCount,
      availablePromo: promotions.availablePromo,
    });
    expect(guest.banners.length).toBeGreaterThan(0);
    const refused = await call(server, PUBLIC_STATE_PATH, { headers: bearer('not-a-token') });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('not_logged_in');
  });
});
