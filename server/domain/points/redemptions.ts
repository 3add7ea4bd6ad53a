import { toMoneyString } from '../../../src/shared/money';
import type { RedemptionView } from '../../../src/shared/points';
import {
  DELIVERY_REQUIRED_CODE,
  type DeliveryAddress,
  sameDeliveryAddress,
} from '../../../src/shared/deliveryAddress';
import type { Queryable } from '../../db/types';
import type { Platform } from '../../platform/platform';
import type { IdentityDeps } from '../identity/services';
import { ApiError } from '../../platform/apiError';
import { houseAccountId, walletId } from '../ledger/accounts';
import { postWithin } from '../ledger/post';
import { type BalanceChange, changesOf, scopedKey } from '../ledger/amounts';
import { assertNoOpenWagering } from '../rewards/wagering';
import { lockMember } from '../../db/locks';
import { checkPaymentPassword } from '../identity/paymentPassword';
import { HUNDREDTHS } from './points';
import { commit } from '../../platform/unitOfWork';

/**
 * Points-mall redemptions (issue 14; spec 4 redeem statuses): redeeming a good with the payment
 * password, the member's history, and the operator's decision.
 */
const REDEMPTION_COLUMNS = `r.id::text, r.points::text, r.amount::text, r.status, r.note,
  r.delivery, r.created_at, r.decided_at, g.code, g.name, g.image`;

interface RedemptionRow {
  id: string;
  points: string;
  amount: string;
  status: RedemptionView['status'];
  note: string | null;
  delivery: DeliveryAddress | null;
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
  delivery: row.delivery,
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
 * The address of the member's last redemption of a physical good (what the redeem dialog
 * prefills), or null. Their own address, read from their own redemptions: nothing is kept
 * anywhere else.
 */
export async function lastDeliveryAddress(
  db: Queryable,
  memberId: string,
): Promise<DeliveryAddress | null> {
  const [row] = await db.query<{ delivery: DeliveryAddress }>(
    `select delivery from point_redemptions where member_id = $1 and delivery is not null
     order by id desc limit 1`,
    [memberId],
  );
  return row?.delivery ?? null;
}

/**
 * Redeems one good (passwordCheck/MCS2_redeemPointReward): with the payment password; the stock
 * is taken in the statement that checks it (never oversold under parallel redeems) and that
 * refuses a physical good without an address, the points in the one that checks the balance,
 * the cash part through the ledger (main → house `points`), all in one transaction; a retry
 * with the same key answers the first redemption. `delivery` is the address as checked and
 * normalised at the edge (src/shared/deliveryAddress.ts); it is stored with a physical good's
 * redemption only.
 */
export async function redeemGoods(
  deps: IdentityDeps,
  memberId: string,
  request: {
    goodsId: string;
    paymentPassword: string;
    idempotencyKey: string;
    delivery: DeliveryAddress | null;
  },
  language: string,
): Promise<{ redemption: RedemptionView; changes: BalanceChange[] }> {
  await checkPaymentPassword(deps, memberId, request.paymentPassword);
  const key = scopedKey(memberId, 'redeem', request.idempotencyKey);
  return commit(
    deps,
    async ({ tx }) => {
      await lockMember(tx, memberId);
      const [seen] = await tx.query<{
        id: string;
        goods_id: string;
        delivery: DeliveryAddress | null;
      }>(
        `select id::text, goods_id::text, delivery from point_redemptions
         where idempotency_key = $1`,
        [key],
      );
      if (seen) {
        // The same key is the same request: the same good, and for a shipped one the same
        // address (a replay may not ship the first redemption somewhere else, nor answer it
        // as if it had been sent where the retry says).
        const moved =
          seen.delivery !== null &&
          (request.delivery === null || !sameDeliveryAddress(seen.delivery, request.delivery));
        if (seen.goods_id !== request.goodsId || moved) {
          throw new ApiError(409, 'idempotency_conflict', 'This request key was already used.');
        }
        return { redemption: await oneRedemption(tx, seen.id, language), changes: [] };
      }
      // One statement takes the item and checks it may go: on sale, in stock, and an address
      // for a good that is shipped.
      const [goods] = await tx.query<{
        id: string;
        points: string;
        amount: string;
        kind: 'virtual' | 'physical';
      }>(
        `update point_goods set quantity = quantity - 1
       where id = $1 and status = 'active' and quantity > 0
         and (kind = 'virtual' or $2::boolean)
       returning id::text, points::text, amount::text, kind`,
        [request.goodsId, request.delivery !== null],
      );
      if (!goods) {
        const [exists] = await tx.query<{ quantity: number; kind: string }>(
          'select quantity, kind from point_goods where id = $1 and status = $2',
          [request.goodsId, 'active'],
        );
        if (!exists) throw new ApiError(404, 'not_found', 'No such goods.');
        if (exists.quantity > 0 && exists.kind === 'physical') {
          throw new ApiError(
            400,
            DELIVERY_REQUIRED_CODE,
            'This item is shipped: a delivery address is required.',
          );
        }
        throw new ApiError(409, 'out_of_stock', 'This item is out of stock.');
      }
      const delivery = goods.kind === 'physical' ? request.delivery : null;
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
        `insert into point_redemptions
         (member_id, goods_id, points, amount, idempotency_key, delivery)
       values ($1, $2, $3, $4, $5, $6::jsonb) returning id::text`,
        [
          memberId,
          goods.id,
          goods.points,
          goods.amount,
          key,
          delivery === null ? null : JSON.stringify(delivery),
        ],
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
    },
    (done) => [
      { kind: 'balance', change: done.changes },
      // The operator's queue fetches again once this has committed.
      { kind: 'opsQueue', change: { queue: 'redemptions' } },
    ],
  );
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
  deps: Platform,
  id: string,
  decision: 'approve' | 'reject',
  note: string | null,
): Promise<RedemptionView> {
  const result = await commit(
    deps,
    async ({ tx }) => {
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
    },
    (done) => [
      { kind: 'balance', change: done.changes },
      { kind: 'opsQueue', change: { queue: 'redemptions' } },
    ],
  );
  return result.view;
}

/** Every redemption waiting for the operator, oldest first, with where each is shipped. */
export async function openRedemptions(
  db: Queryable,
): Promise<(RedemptionView & { account: string })[]> {
  const rows = await db.query<RedemptionRow & { account: string }>(
    `select ${REDEMPTION_COLUMNS}, m.account from point_redemptions r
     join point_goods g on g.id = r.goods_id join members m on m.id = r.member_id
     where r.status = 'inProcess' order by r.created_at, r.id`,
  );
  // The operator's queue names whose each one is (the member's own list does not need to).
  return rows.map((row) => ({ ...redemptionView(row, 'EN'), account: row.account }));
}
