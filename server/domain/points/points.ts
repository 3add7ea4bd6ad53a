import { parseMoney, toMoneyString } from '../../../src/shared/money';
import type {
  ConvertResult,
  GoodsView,
  PointHistoryPage,
  RedemptionView,
} from '../../../src/shared/points';
import type { Queryable } from '../../db/types';
import type { AppDeps } from '../../http/deps';
import { ApiError } from '../apiError';
import { houseAccountId, walletId } from '../ledger/accounts';
import { postWithin } from '../ledger/post';
import { type BalanceChange, changesOf, scopedKey } from '../ledger/wallets';
import { assertNoOpenWagering, lockMember } from '../rewards/wagering';
import { checkPaymentPassword } from '../withdrawals/paymentPassword';
import type { GoodsDefinition, PointsConfig } from './config';

/** Hundredths of a point per whole point. */
const HUNDREDTHS = 100n;
const whole = (hundredths: bigint | string) => Number(BigInt(hundredths) / HUNDREDTHS);

/** The configuration's goods whose code is new (the operator's changes in the table stay). */
export async function seedGoods(db: Queryable, goods: GoodsDefinition[]): Promise<void> {
  for (const [index, item] of goods.entries()) await upsertGoods(db, item, index, true);
}

/**
 * Creates or replaces a good by its code (`npm run ops -- goods upsert --file <json>`): its
 * names, image, price, stock and status. `onlyNew` leaves an existing one alone.
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
         amount = excluded.amount, quantity = excluded.quantity, status = excluded.status`;
  const rows = await db.query<{ created: boolean }>(
    `insert into point_goods (code, name, image, points, amount, quantity, status, sort)
     values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (code) ${conflict}
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
    ],
  );
  return { code: item.code, created: rows[0]?.created ?? false };
}

/**
 * In the bet's transaction: the valid bet earns points at its game type's rate (points per
 * 1.00), added to the balance and to the day's earn row of the history.
 */
export async function earnPointsWithin(
  tx: Queryable,
  config: PointsConfig,
  bet: { memberId: string; gameType: string; valid: bigint },
): Promise<void> {
  const rate = parseMoney(config.earnPerUnit[bet.gameType] ?? config.earnPerUnit.default ?? '0');
  // valid (minor units) × rate (hundredths of a point per 1.00) / 100 = hundredths of a point.
  const earned = (bet.valid * rate) / 100n;
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
});

/** The goods on offer (getPointReward): active ones, out-of-stock ones included (shown so). */
export async function listGoods(db: Queryable, language: string): Promise<GoodsView[]> {
  const rows = await db.query<GoodsRow>(
    `select id::text, code, name, image, points::text, amount::text, quantity, status
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

const REDEMPTION_COLUMNS = `r.id::text, r.points::text, r.amount::text, r.status, r.note,
  r.created_at, r.decided_at, g.code, g.name, g.image`;

interface RedemptionRow {
  id: string;
  points: string;
  amount: string;
  status: RedemptionView['status'];
  note: string | null;
  created_at: Date;
  decided_at: Date | null;
  code: string;
  name: Record<string, string>;
  image: string | null;
}

const redemptionView = (row: RedemptionRow, language: string): RedemptionView => ({
  id: row.id,
  goods: { code: row.code, name: row.name[language] ?? row.name.EN ?? row.code, image: row.image },
  points: Number(row.points),
  amount: toMoneyString(BigInt(row.amount)),
  status: row.status,
  note: row.note,
  createdAt: new Date(row.created_at).toISOString(),
  decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
});

/** The member's redeem history (getRedeemPointList), newest first. */
export async function memberRedemptions(
  db: Queryable,
  memberId: string,
  language: string,
): Promise<RedemptionView[]> {
  const rows = await db.query<RedemptionRow>(
    `select ${REDEMPTION_COLUMNS} from point_redemptions r join point_goods g on g.id = r.goods_id
     where r.member_id = $1 order by r.id desc limit 100`,
    [memberId],
  );
  return rows.map((row) => redemptionView(row, language));
}

/**
 * Redeems one good (passwordCheck/MCS2_redeemPointReward): with the payment password; the stock
 * is taken in the statement that checks it (never oversold under parallel redeems), the points
 * in the one that checks the balance, the cash part through the ledger (main → house `points`),
 * all in one transaction; a retry with the same key answers the first redemption.
 */
export async function redeemGoods(
  deps: AppDeps,
  memberId: string,
  request: { goodsId: string; paymentPassword: string; idempotencyKey: string },
  language: string,
): Promise<{ redemption: RedemptionView; changes: BalanceChange[] }> {
  await checkPaymentPassword(deps, memberId, request.paymentPassword);
  const key = scopedKey(memberId, 'redeem', request.idempotencyKey);
  return deps.db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const [seen] = await tx.query<{ id: string; goods_id: string }>(
      'select id::text, goods_id::text from point_redemptions where idempotency_key = $1',
      [key],
    );
    if (seen) {
      if (seen.goods_id !== request.goodsId) {
        throw new ApiError(409, 'idempotency_conflict', 'This request key was already used.');
      }
      return { redemption: await oneRedemption(tx, seen.id, language), changes: [] };
    }
    const [goods] = await tx.query<{ id: string; points: string; amount: string }>(
      `update point_goods set quantity = quantity - 1
       where id = $1 and status = 'active' and quantity > 0
       returning id::text, points::text, amount::text`,
      [request.goodsId],
    );
    if (!goods) {
      const [exists] = await tx.query('select 1 from point_goods where id = $1 and status = $2', [
        request.goodsId,
        'active',
      ]);
      if (!exists) throw new ApiError(404, 'not_found', 'No such goods.');
      throw new ApiError(409, 'out_of_stock', 'This item is out of stock.');
    }
    const cost = BigInt(goods.points) * HUNDREDTHS;
    const [paid] = await tx.query(
      `update point_balances set balance = balance - $2 where member_id = $1 and balance >= $2
       returning balance`,
      [memberId, cost.toString()],
    );
    if (!paid) {
      throw new ApiError(409, 'insufficient_points', 'You do not have enough points for this.', {
        points: goods.points,
      });
    }
    const [redemption] = await tx.query<{ id: string }>(
      `insert into point_redemptions (member_id, goods_id, points, amount, idempotency_key)
       values ($1, $2, $3, $4, $5) returning id::text`,
      [memberId, goods.id, goods.points, goods.amount, key],
    );
    await tx.query(
      `insert into point_entries (member_id, kind, amount, reference) values ($1, 'redeem', $2, $3)`,
      [memberId, (-cost).toString(), `redemption:${redemption!.id}`],
    );
    let changes: BalanceChange[] = [];
    const cash = BigInt(goods.amount);
    if (cash > 0n) {
      // Cash for goods leaves the member's hands: not while a bonus is being wagered.
      await assertNoOpenWagering(tx, memberId);
      const main = await walletId(tx, memberId, null);
      const posted = await postWithin(tx, {
        idempotencyKey: `redeem:${redemption!.id}`,
        kind: 'points_redeem',
        memberId,
        postings: [
          { accountId: main, amount: -cash },
          { accountId: await houseAccountId(tx, 'points'), amount: cash },
        ],
        result: { redemptionId: redemption!.id },
      });
      changes = changesOf(posted, memberId, new Map([[main, 'MAIN']]));
    }
    return { redemption: await oneRedemption(tx, redemption!.id, language), changes };
  });
}

async function oneRedemption(tx: Queryable, id: string, language: string) {
  const [row] = await tx.query<RedemptionRow>(
    `select ${REDEMPTION_COLUMNS} from point_redemptions r join point_goods g on g.id = r.goods_id
     where r.id = $1`,
    [id],
  );
  return redemptionView(row!, language);
}

/**
 * The operator decides an in-process redemption (`npm run ops -- redeem approve|reject <id>`):
 * once only; a rejection gives back the points, the cash part and the item to the stock.
 */
export async function decideRedemption(
  deps: AppDeps,
  id: string,
  decision: 'approve' | 'reject',
  note: string | null,
): Promise<RedemptionView> {
  const result = await deps.db.transaction(async (tx) => {
    const [row] = await tx.query<{
      member_id: string;
      goods_id: string;
      points: string;
      amount: string;
    }>(
      `update point_redemptions set status = $2, note = $3, decided_at = now()
       where id = $1 and status = 'inProcess'
       returning member_id::text, goods_id::text, points::text, amount::text`,
      [id, decision === 'approve' ? 'approved' : 'rejected', note],
    );
    if (!row) {
      const [seen] = await tx.query('select 1 from point_redemptions where id = $1', [id]);
      if (!seen) throw new ApiError(404, 'not_found', `No redemption ${id}.`);
      throw new ApiError(409, 'redemption_decided', 'This redemption was already decided.');
    }
    let changes: BalanceChange[] = [];
    if (decision === 'reject') {
      const points = BigInt(row.points) * HUNDREDTHS;
      await tx.query(`update point_balances set balance = balance + $2 where member_id = $1`, [
        row.member_id,
        points.toString(),
      ]);
      await tx.query(
        `insert into point_entries (member_id, kind, amount, reference)
         values ($1, 'refund', $2, $3)`,
        [row.member_id, points.toString(), `redemption:${id}`],
      );
      await tx.query('update point_goods set quantity = quantity + 1 where id = $1', [
        row.goods_id,
      ]);
      const cash = BigInt(row.amount);
      if (cash > 0n) {
        const main = await walletId(tx, row.member_id, null);
        const posted = await postWithin(tx, {
          idempotencyKey: `redeem_refund:${id}`,
          kind: 'points_refund',
          memberId: row.member_id,
          postings: [
            { accountId: await houseAccountId(tx, 'points'), amount: -cash },
            { accountId: main, amount: cash },
          ],
          result: { redemptionId: id },
        });
        changes = changesOf(posted, row.member_id, new Map([[main, 'MAIN']]));
      }
    }
    return { view: await oneRedemption(tx, id, 'EN'), changes };
  });
  deps.balanceEvents.announce(result.changes);
  return result.view;
}

/** Every redemption waiting for the operator, oldest first. */
export async function openRedemptions(db: Queryable): Promise<RedemptionView[]> {
  const rows = await db.query<RedemptionRow & { account: string }>(
    `select ${REDEMPTION_COLUMNS} from point_redemptions r join point_goods g on g.id = r.goods_id
     where r.status = 'inProcess' order by r.created_at, r.id`,
  );
  return rows.map((row) => redemptionView(row, 'EN'));
}

/**
 * Converts whole steps of points to money (MCS2_convertPoint) at the configured rate: the points
 * leave in the statement that checks the balance, the money comes from the house `points`
 * account in the same transaction; a retry with the same key moves nothing again.
 */
export async function convertPoints(
  deps: AppDeps,
  memberId: string,
  request: { points: number; idempotencyKey: string },
): Promise<ConvertResult> {
  const { step, amountPerStep } = deps.config.points.convert;
  if (request.points < step || request.points % step !== 0) {
    throw new ApiError(400, 'points_step', `Convert points in steps of ${step}.`, { step });
  }
  const amount = (BigInt(request.points) / BigInt(step)) * parseMoney(amountPerStep);
  const key = scopedKey(memberId, 'convert_points', request.idempotencyKey);
  const result = await deps.db.transaction(async (tx) => {
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
    await tx.query(
      `insert into point_entries (member_id, kind, amount, reference)
       values ($1, 'convert', $2, $3)`,
      [memberId, (-cost).toString(), `ledger:${posted.transactionId}`],
    );
    return { answer, changes: changesOf(posted, memberId, new Map([[main, 'MAIN']])) };
  });
  deps.balanceEvents.announce(result.changes);
  return result.answer;
}
