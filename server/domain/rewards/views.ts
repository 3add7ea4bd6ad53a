import { toMoneyString } from '../../../src/shared/money';
import {
  percentOf,
  type RewardSource,
  type RewardState,
  type RewardView,
  type WageringView,
} from '../../../src/shared/rewards';

/** The columns `rewardViewOf` reads; `r` is rewards, `p` the promotion (left joined). */
export const REWARD_COLUMNS = `r.id::text, r.source, r.amount::text, r.wagering_required::text,
  r.detail, r.state, r.created_at, r.expires_at, r.claimed_at, p.code as promotion_code,
  p.content as promotion_content`;

export interface RewardRow {
  id: string;
  source: RewardSource;
  amount: string;
  wagering_required: string;
  detail: Record<string, string>;
  state: RewardState;
  created_at: Date | string;
  expires_at: Date | string | null;
  claimed_at: Date | string | null;
  promotion_code: string | null;
  promotion_content: Record<string, { title: string }> | null;
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

function promotionOf(
  code: string | null,
  content: Record<string, { title: string }> | null,
  language: string,
) {
  if (code === null || content === null) return null;
  return { code, title: (content[language] ?? content.EN)?.title ?? code };
}

/** Names what earned a reward that is not a promotion's (from configuration), or null. */
export type RewardTitles = (
  source: RewardRow['source'],
  detail: Record<string, string>,
) => string | null;

export function rewardViewOf(
  row: RewardRow,
  language: string,
  titles: RewardTitles = () => null,
): RewardView {
  const required = BigInt(row.wagering_required);
  return {
    id: row.id,
    source: row.source,
    promotion: promotionOf(row.promotion_code, row.promotion_content, language),
    title: titles(row.source, row.detail),
    amount: toMoneyString(BigInt(row.amount)),
    wageringRequired: required > 0n ? toMoneyString(required) : null,
    detail: row.detail,
    state: row.state,
    createdAt: iso(row.created_at)!,
    expiresAt: iso(row.expires_at),
    claimedAt: iso(row.claimed_at),
  };
}

/** The columns `wageringViewOf` reads; `w` is wagering_requirements, `p` the promotion. */
export const WAGERING_COLUMNS = `w.reward_id::text, w.bonus::text, w.required::text,
  w.wagered::text, w.created_at, w.expires_at, p.code as promotion_code,
  p.content as promotion_content,
  coalesce((select a.balance from ledger_accounts a
    where a.member_id = w.member_id and a.kind = 'bonus'), 0)::text as bonus_balance`;

export interface WageringRow {
  reward_id: string;
  bonus: string;
  required: string;
  wagered: string;
  created_at: Date | string;
  expires_at: Date | string | null;
  bonus_balance: string;
  promotion_code: string | null;
  promotion_content: Record<string, { title: string }> | null;
}

export function wageringViewOf(row: WageringRow, language: string): WageringView {
  const required = BigInt(row.required);
  const wagered = BigInt(row.wagered);
  return {
    rewardId: row.reward_id,
    promotion: promotionOf(row.promotion_code, row.promotion_content, language),
    bonus: toMoneyString(BigInt(row.bonus)),
    balance: toMoneyString(BigInt(row.bonus_balance)),
    required: toMoneyString(required),
    wagered: toMoneyString(wagered),
    left: toMoneyString(required - wagered),
    expiresAt: iso(row.expires_at),
    percent: percentOf(wagered, required),
    startedAt: iso(row.created_at)!,
  };
}

/** Mission and VIP rewards named from the configuration, in `language` (English otherwise). */
export function configuredTitles(
  config: {
    missions: readonly { code: string; name: Record<string, string> }[];
    vip: { levels: readonly { level: number; name: Record<string, string> }[] };
  },
  language: string,
): RewardTitles {
  return (source, detail) => {
    const names =
      source === 'mission'
        ? config.missions.find((mission) => mission.code === detail.mission)?.name
        : source === 'vip'
          ? config.vip.levels.find((level) => String(level.level) === detail.level)?.name
          : undefined;
    return names ? (names[language] ?? names.EN ?? null) : null;
  };
}
