import { parseMoney, toMoneyString } from '../../../src/shared/money';
import type {
  ConvertResult,
  GoodsKind,
  GoodsView,
  PointHistoryPage,
} from '../../../src/shared/points';
import type { OpsGoodsRow } from '../../../src/shared/backOfficePromotions';
import type { Queryable } from '../../db/types';
import type { Platform } from '../../platform/platform';
import { ApiError } from '../../platform/apiError';
import { lockMember } from '../../db/locks';
import { houseAccountId, walletId } from '../ledger/accounts';
import { postWithin } from '../ledger/post';
import { type BalanceChange, changesOf, scopedKey } from '../ledger/amounts';
import type { GoodsDefinition, PointsConfig } from '../../config/points';
import { commit } from '../../platform/unitOfWork';

/** Hundredths of a point per whole point. */
export const HUNDREDTHS = 100n;
const whole = (hundredths: bigint | string) => Number(BigInt(hundredths) / HUNDREDTHS);

/** The configuration's goods whose code is new (the operator's changes in the table stay). */
export async function seedGoods(db: Queryable, goods: GoodsDefinition[]): Promise<void> {
  for (const [index, item] of goods.entries()) await upsertGoods(db, item, index, true);
}

/**
 * Creates or replaces a good by its code (`npm run ops -- goods upsert --file <json>`): its
 * names, image, price, stock, status and kind (physical goods are shipped). `onlyNew` leaves
 * an existing one alone.
 */
export async function upsertGoods(
  db: Queryable,
  item: GoodsDefinition,
  sort = 0,
  onlyNew = false,
): Promise<{ code: string; created: boolean }> {
  const conflict = onlyNew
    ? 'do nothing'
    : `do update set name = excluded.name, image = excluded.image, points = excluded.points,
         amount = excluded.amount, quantity = excluded.quantity, status = excluded.status,
         kind = excluded.kind`;
  const rows = await db.query<{ created: boolean }>(
    `insert into point_goods (code, name, image, points, amount, quantity, status, sort, kind)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (code) ${conflict}
     returning (xmax = 0) as created`,
    [
      item.code,
      JSON.stringify(item.name),
      item.image,
      item.points,
      parseMoney(item.amount).toString(),
      item.quantity,
      item.status,
      sort,
      item.kind,
    ],
  );
  return { code: item.code, created: rows[0]?.created ?? false };
}

/**
 * In the bet's transaction: the valid bet earns points at its game type's rate (points per
 * 1.00), added to the balance and to the day's earn row of the history.
 */
/** The points step's database function (migration 046): the balance and today's entry. */
export const POINTS_FUNCTION = 'points_earn_bet';
/** The same over a batch of bets, folded after their commits (migration 050, issue 31). */
export const POINTS_FOLD = 'points_earn_fold';

/** Hundredths of a point a valid bet earns at its game type's rate. */
export function pointsEarned(
  config: PointsConfig,
  bet: { gameType: string; valid: bigint },
): bigint {
  const rate = parseMoney(config.earnPerUnit[bet.gameType] ?? config.earnPerUnit.default ?? '0');
  // valid (minor units) × rate (hundredths of a point per 1.00) / 100 = hundredths of a point.
  return (bet.valid * rate) / 100n;
}

export async function earnPointsWithin(
  tx: Queryable,
  config: PointsConfig,
  bet: { memberId: string; gameType: string; valid: bigint },
): Promise<void> {
  const earned = pointsEarned(config, bet);
  if (earned <= 0n) return;
  await tx.query(
    `with balance as (
       insert into point_balances (member_id, balance) values ($1, $2)
       on conflict (member_id) do update set balance = point_balances.balance + excluded.balance
     )
     insert into point_entries (member_id, kind, amount, day)
     values ($1, 'earn', $2, (now() at time zone 'UTC')::date)
     on conflict (member_id, day) where kind = 'earn' do update set
       amount = point_entries.amount + excluded.amount, updated_at = now()`,
    [bet.memberId, earned.toString()],
  );
}

export async function pointBalance(db: Queryable, memberId: string): Promise<number> {
  const [row] = await db.query<{ balance: string }>(
    'select balance::text from point_balances where member_id = $1',
    [memberId],
  );
  return whole(row?.balance ?? '0');
}

interface GoodsRow {
  id: string;
  code: string;
  name: Record<string, string>;
  image: string | null;
  points: string;
  amount: string;
  quantity: number;
  status: 'active' | 'inactive';
  kind: GoodsKind;
}

const goodsView = (row: GoodsRow, language: string): GoodsView => ({
  id: row.id,
  code: row.code,
  name: row.name[language] ?? row.name.EN ?? row.code,
  image: row.image,
  points: Number(row.points),
  amount: toMoneyString(BigInt(row.amount)),
  quantity: row.quantity,
  status: row.status,
  kind: row.kind,
});

/** The goods on offer (getPointReward): active ones, out-of-stock ones included (shown so). */
export async function listGoods(db: Queryable, language: string): Promise<GoodsView[]> {
  const rows = await db.query<GoodsRow>(
    `select id::text, code, name, image, points::text, amount::text, quantity, status, kind
     from point_goods where status = 'active' order by sort, id`,
  );
  return rows.map((row) => goodsView(row, language));
}

/** The member's points history (ODSFE2_MemTransDet), newest first. */
export async function pointHistory(
  db: Queryable,
  memberId: string,
  page: number,
  pageSize: number,
): Promise<PointHistoryPage> {
  const [count] = await db.query<{ total: number }>(
    'select count(*)::int as total from point_entries where member_id = $1',
    [memberId],
  );
  const rows = await db.query<{ id: string; kind: string; amount: string; updated_at: Date }>(
    `select id::text, kind, amount::text, updated_at from point_entries where member_id = $1
     order by updated_at desc, id desc limit $2 offset $3`,
    [memberId, pageSize, (page - 1) * pageSize],
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind as PointHistoryPage['items'][number]['kind'],
      points: Math.trunc(Number(row.amount) / 100),
      at: new Date(row.updated_at).toISOString(),
    })),
    page,
    totalPages: Math.max(1, Math.ceil((count?.total ?? 0) / pageSize)),
  };
}

/**
 * Converts whole steps of points to money (MCS2_convertPoint) at the configured rate: the points
 * leave in the statement that checks the balance, the money comes from the house `points`
 * account in the same transaction; a retry with the same key moves nothing again.
 */
export async function convertPoints(
  deps: Platform,
  memberId: string,
  request: { points: number; idempotencyKey: string },
): Promise<ConvertResult> {
  const { step, amountPerStep } = deps.config.points.convert;
  if (request.points < step || request.points % step !== 0) {
    throw new ApiError(400, 'points_step', `Convert points in steps of ${step}.`, { step });
  }
  const amount = (BigInt(request.points) / BigInt(step)) * parseMoney(amountPerStep);
  const key = scopedKey(memberId, 'convert_points', request.idempotencyKey);
  const result = await commit(
    deps,
    async ({ tx }) => {
      // Conversions of one member one at a time (issue 28, finding 6): on PostgreSQL a key sent
      // several times at once found no first answer in each transaction, and each took its
      // points before the ledger recognised the replay. Under the lock the first has committed.
      await lockMember(tx, memberId);
      const [seen] = await tx.query<{ result: ConvertResult }>(
        'select result from ledger_transactions where idempotency_key = $1',
        [key],
      );
      if (seen) {
        if (seen.result.points !== request.points) {
          throw new ApiError(409, 'idempotency_conflict', 'This request key was already used.');
        }
        return { answer: seen.result, changes: [] as BalanceChange[] };
      }
      const cost = BigInt(request.points) * HUNDREDTHS;
      const [left] = await tx.query<{ balance: string }>(
        `update point_balances set balance = balance - $2 where member_id = $1 and balance >= $2
       returning balance::text`,
        [memberId, cost.toString()],
      );
      if (!left) throw new ApiError(409, 'insufficient_points', 'You do not have enough points.');
      const answer: ConvertResult = {
        points: request.points,
        amount: toMoneyString(amount),
        balance: whole(left.balance),
      };
      const main = await walletId(tx, memberId, null);
      const posted = await postWithin(tx, {
        idempotencyKey: key,
        kind: 'points_convert',
        memberId,
        postings: [
          { accountId: await houseAccountId(tx, 'points'), amount: -amount },
          { accountId: main, amount },
        ],
        result: { ...answer },
        fingerprint: { points: String(request.points) },
      });
      // Never expected under the lock; if it happens, nothing of this transaction may stay.
      if (posted.replayed) throw new Error('points conversion replayed inside its transaction');
      await tx.query(
        `insert into point_entries (member_id, kind, amount, reference)
       values ($1, 'convert', $2, $3)`,
        [memberId, (-cost).toString(), `ledger:${posted.transactionId}`],
      );
      return { answer, changes: changesOf(posted, memberId, new Map([[main, 'MAIN']])) };
    },
    (done) => [{ kind: 'balance', change: done.changes }],
  );
  return result.answer;
}

/** Every good, active first, with its redemptions counted (one statement). */
export async function listGoodsForOps(db: Queryable): Promise<OpsGoodsRow[]> {
  const rows = await db.query<{
    code: string;
    name: Record<string, string>;
    image: string | null;
    points: string;
    amount: string;
    quantity: number;
    status: 'active' | 'inactive';
    kind: GoodsKind;
    waiting: string;
    approved: string;
  }>(
    `select g.code, g.name, g.image, g.points::text, g.amount::text, g.quantity, g.status, g.kind,
       count(r.id) filter (where r.status = 'inProcess')::text as waiting,
       count(r.id) filter (where r.status = 'approved')::text as approved
     from point_goods g left join point_redemptions r on r.goods_id = g.id
     group by g.id order by g.status, g.sort, g.code`,
  );
  return rows.map((row) => ({
    code: row.code,
    name: row.name,
    image: row.image,
    points: Number(row.points),
    amount: toMoneyString(BigInt(row.amount)),
    quantity: row.quantity,
    status: row.status,
    kind: row.kind,
    waiting: Number(row.waiting),
    approved: Number(row.approved),
  }));
}
