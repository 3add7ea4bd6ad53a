import { parseMoney } from '../../../src/shared/money';
import { vipLevelFor, vipPeriodStart, type VipTotals } from '../../../src/shared/vip';
import type { Queryable } from '../../db/types';
import { issueRewardWithin } from '../rewards/issue';
import { qualifyVipUpgradePromotionsWithin } from '../promotions/participation';
import type { VipConfig } from '../../config/vip';
import type { VipChange } from '../../platform/changes';
import type { Work } from '../../platform/unitOfWork';
export type { VipChange };

/**
 * The member's level as stored and the period's totals. The deposit figure is net of
 * withdrawals (issue 28): the period's credited deposits less the withdrawals asked for in it
 * that were not given back (held or paid; a rejected or refunded one no longer counts). A
 * period whose withdrawals pass its deposits counts 0.
 */
export async function vipStanding(
  db: Queryable,
  config: VipConfig,
  memberId: string,
  now = new Date(),
): Promise<{ level: number; totals: VipTotals }> {
  const [row] = await db.query<{ level: number; valid_bet: string; deposit: string }>(
    `select coalesce((select level from member_vip where member_id = $1), 0) as level,
       coalesce(sum(valid_bet), 0)::text as valid_bet,
       greatest(coalesce(sum(deposit), 0) - (
         select coalesce(sum(w.amount), 0) from withdrawals w
         where w.member_id = $1 and w.status not in ('rejected', 'refunded')
           and (w.created_at at time zone 'UTC')::date >= $2::date
       ), 0)::text as deposit
     from vip_daily_totals where member_id = $1 and day >= $2::date`,
    [memberId, vipPeriodStart(config.period, now)],
  );
  return {
    level: Number(row?.level ?? 0),
    totals: { validBet: BigInt(row?.valid_bet ?? '0'), deposit: BigInt(row?.deposit ?? '0') },
  };
}

/**
 * In the transaction of a settled bet or a credited deposit: adds it to today's totals and
 * recomputes the level from the period's. With nothing added (a withdrawal asked for, rejected
 * or refunded, which the deposit figure reads from the withdrawals themselves) it recomputes
 * only; a level may fall. A level reached for the first time puts its upgrade bonus in the
 * reward centre (once per level ever: a level lost when the period moves on and reached again
 * pays nothing). Answers the level now, and the change to announce if any.
 */
export async function vipProgressWithin(
  tx: Queryable,
  config: VipConfig,
  memberId: string,
  added: { validBet?: bigint; deposit?: bigint },
  now = new Date(),
): Promise<{ level: number; change: VipChange | null }> {
  const validBet = added.validBet ?? 0n;
  const deposit = added.deposit ?? 0n;
  if (validBet !== 0n || deposit !== 0n)
    await tx.query(
      `insert into vip_daily_totals (member_id, day, valid_bet, deposit)
       values ($1, ($2::timestamptz at time zone 'UTC')::date, $3, $4)
       on conflict (member_id, day) do update set
         valid_bet = vip_daily_totals.valid_bet + excluded.valid_bet,
         deposit = vip_daily_totals.deposit + excluded.deposit`,
      [memberId, now, validBet.toString(), deposit.toString()],
    );
  const standing = await vipStanding(tx, config, memberId, now);
  const level = vipLevelFor(config.levels, standing.totals);
  return { level, change: await vipLevelChangeWithin(tx, config, memberId, standing.level, level) };
}

/** The VIP step's database function (migration 046): today's valid bet, the level worked out. */
export const VIP_FUNCTION = 'vip_progress_bet';
/** The same over a batch of bets, folded after their commits (migration 050, issue 31). */
export const VIP_FOLD = 'vip_progress_fold';

/** What the VIP function is given for a bet at `at`: the period's first day and the levels. */
export function vipArguments(config: VipConfig, at: Date): Record<string, unknown> {
  return {
    at: at.toISOString(),
    periodStart: vipPeriodStart(config.period, at),
    levels: config.levels.map((level) => ({
      level: level.level,
      validBet: parseMoney(level.validBet).toString(),
      deposit: parseMoney(level.deposit).toString(),
    })),
  };
}

/**
 * The level worked out (`from` as stored, `to` now) made so: stored with a new version, the
 * upgrade bonus of each level reached for the first time put in the reward centre, the upgrade
 * promotions qualified. Nothing when the level did not change.
 */
export async function vipLevelChangeWithin(
  tx: Queryable,
  config: VipConfig,
  memberId: string,
  from: number,
  level: number,
): Promise<VipChange | null> {
  if (level === from) return null;
  const [stored] = await tx.query<{ version: string }>(
    `insert into member_vip (member_id, level, version) values ($1, $2, 1)
     on conflict (member_id) do update set level = excluded.level,
       version = member_vip.version + 1, updated_at = now()
     returning version::text`,
    [memberId, level],
  );
  let rewarded = false;
  for (const reached of config.levels) {
    if (reached.level <= from || reached.level > level) continue;
    const bonus = parseMoney(reached.upgradeBonus);
    const issued = await issueRewardWithin(tx, {
      memberId,
      source: 'vip',
      sourceKey: `vip:${memberId}:${reached.level}`,
      houseAccount: 'promotions',
      amount: bonus,
      wageringRequired: bonus * BigInt(config.upgradeBonusWagering),
      detail: { level: String(reached.level) },
    });
    rewarded ||= issued !== null;
  }
  if (level > from) {
    rewarded = (await qualifyVipUpgradePromotionsWithin(tx, memberId, from, level)) || rewarded;
  }
  return { memberId, level, version: Number(stored!.version), rewarded };
}

/** After the commit: the level to the member's pages, and the upgrade bonus's red dot. */
export function recordVip(work: Pick<Work, 'changed'>, change: VipChange): void {
  work.changed('vip', change);
  if (change.rewarded) work.changed('reward', { memberId: change.memberId, reason: 'issued' });
}

/** The member's stored level (0 when none was ever computed). */
export async function currentVipLevel(db: Queryable, memberId: string): Promise<number> {
  const [row] = await db.query<{ level: number }>(
    'select level from member_vip where member_id = $1',
    [memberId],
  );
  return Number(row?.level ?? 0);
}
