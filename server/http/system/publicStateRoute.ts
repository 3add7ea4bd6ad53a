import type { FastifyInstance } from 'fastify';
import { announcementTypes, popupExecutions } from '../../../src/shared/announcements';
import { ok } from '../../../src/shared/envelope';
import { isTrialType } from '../../../src/shared/identity';
import { toMoneyString } from '../../../src/shared/money';
import { PUBLIC_STATE_PATH, type PublicState } from '../../../src/shared/publicState';
import { vipNameOf } from '../../../src/shared/vip';
import { listAnnouncements } from '../../domain/announcements/listAnnouncements';
import { visibleAnnouncements } from '../../domain/announcements/operatorAnnouncements';
import { memberWallets } from '../../domain/ledger/accounts';
import { unreadCount } from '../../domain/messages/inbox';
import { listPromotions } from '../../domain/promotions/catalogue';
import { currentVipLevel } from '../../domain/vip/progress';
import type { AppDeps } from '../../deps';
import { optionalSession } from '../auth';
import { requestLanguage } from '../language';

/**
 * Spec 3's public state in one answer (issue 32, finding 3): the balance, the VIP level, the
 * promotions open, the unread count, the referral flag, notices, banners and pop-ups — what four
 * calls answered apart (`/wps/v2/wallets/balance`, `/wps/member/info`, `/wps/promotions`,
 * `/wps/messages/unread`, the announcements relay), read together from the same functions. A
 * guest gets the guest's view; a token that is sent must be good (401, as on every call).
 */
export async function publicStateRoute(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get(PUBLIC_STATE_PATH, async (request) => {
    const session = await optionalSession(deps, request);
    const memberId = session?.memberId ?? null;
    const language = requestLanguage(request, deps.config);
    const [wallets, vip, promotions, unread, operator] = await Promise.all([
      memberId ? memberWallets(deps.db, memberId) : null,
      memberId ? currentVipLevel(deps.db, memberId) : 0,
      listPromotions(deps.db, { language, memberId }),
      memberId && !isTrialType(session!.type) ? unreadCount(deps.db, memberId) : 0,
      visibleAnnouncements(deps.db, memberId),
    ]);
    const announcements = listAnnouncements(
      deps.config.announcements,
      { types: new Set(announcementTypes), executions: new Set(popupExecutions), language },
      operator,
    );
    const main = wallets?.find((wallet) => wallet.wallet === 'MAIN');
    const level = deps.config.vip.levels.find((one) => one.level === vip);
    const state: PublicState = {
      balance: wallets ? toMoneyString(main?.balance ?? 0n) : null,
      currencySymbol: deps.config.payments.currencySymbol,
      hasVip: vip > 0,
      vipLabelName: vipNameOf(level, language),
      vipRankLevel: vip,
      availablePromoCount: promotions.availablePromoCount,
      unreadMessage: unread,
      availablePromo: promotions.availablePromo,
      notices: announcements.player.map(({ id, title }) => ({ id, title })),
      banners: announcements.banners,
      popups: announcements.popup,
    };
    return ok(state);
  });
}
