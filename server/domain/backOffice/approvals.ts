import type { PlatformConfig } from '../../config/schema';
import type { Database, Queryable } from '../../db/types';
import { ChainLock } from '../../db/locks';
import {
  MAX_AMOUNT_MINOR,
  MONEY_AMOUNT_PATTERN,
  parseMoney,
  toMoneyString,
} from '../../../src/shared/money';
import { ApiError } from '../../platform/apiError';
import type { Platform } from '../../platform/platform';
import { commit } from '../../platform/unitOfWork';
import { moreGenerous, settingsDraftSchema } from './economySettings';
import type { ApprovalView } from '../../../src/shared/backOffice';

/**
 * Four-eyes on money (issue 30): the back-office actions that move money or set what the house
 * pays wait for a second staff member above a configured amount (`backOffice.approvals`). The
 * door (server/http/ops/access.ts) asks `amountToApprove` before the action runs; above the
 * amount the request is kept as a pending approval instead, and runs once when someone else
 * approves it.
 */
export type FourEyesKind =
  'withdrawalPayout' | 'bonus' | 'rgPayout' | 'agentRate' | 'promotion' | 'economySettings';

/**
 * What the door does with an action: null, run it; `reserved`, run it (a grant counted against
 * the person's day, to give back with `releaseDirectGrant` if it fails); else keep it for
 * approval, with the amount and the threshold it passed.
 */
export type Need = { amount: string; threshold: string } | { reserved: string } | null;

type Thresholds = PlatformConfig['backOffice']['approvals'];

const field = (body: unknown, key: string): unknown =>
  body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;

/** Hundredths of a percent ("1.5" → 150), or null for anything else. */
function percentHundredths(value: unknown): bigint | null {
  if (typeof value !== 'string' || !/^\d{1,3}(\.\d{1,2})?$/.test(value)) return null;
  return parseMoney(value);
}

/**
 * The decider ($2) and the asker (`requested_by` of the approval row in scope) are tied: one
 * made the other's staff account or last set its roles.
 */
const TIED = `select 1 from support_staff s
  where ('staff:' || s.name = $2
         and (s.created_by = staff_approvals.requested_by
              or s.roles_set_by = staff_approvals.requested_by))
     or ('staff:' || s.name = staff_approvals.requested_by
         and (s.created_by = $2 or s.roles_set_by = $2))`;

/**
 * What the action would move, when that is above its threshold (then it needs a second pair of
 * eyes); null when it is not, or when the request is malformed (the route refuses it itself).
 */
export async function amountToApprove(
  db: Database,
  thresholds: Thresholds,
  kind: FourEyesKind,
  params: Record<string, string>,
  body: unknown,
  /** Who asks (`staff:<name>`, `cli:<user>`). */
  requestedBy: string,
  /** The running VIP levels and missions (a settings save is compared with them). */
  current?: Pick<PlatformConfig, 'vip' | 'missions'>,
): Promise<Need> {
  const above = (amount: bigint, threshold: string, format = toMoneyString) =>
    amount > parseMoney(threshold) ? { amount: format(amount), threshold } : null;
  switch (kind) {
    case 'withdrawalPayout': {
      if (field(body, 'action') !== 'pay' || !/^\d{1,18}$/.test(params.id ?? '')) return null;
      const [row] = await db.query<{ amount: string }>(
        'select amount::text from withdrawals where id = $1',
        [params.id!],
      );
      return row ? above(BigInt(row.amount), thresholds.withdrawalPayout) : null;
    }
    case 'bonus': {
      const amount = field(body, 'amount');
      if (typeof amount !== 'string' || !MONEY_AMOUNT_PATTERN.test(amount)) return null;
      // Above the bound of every amount the route refuses it itself: nothing to approve.
      if (parseMoney(amount) > MAX_AMOUNT_MINOR) return null;
      // The command line (the machine's owner, and the scripts and test rigs it runs) is held
      // to the amount of each grant; a staff member to the day's total as well.
      if (!requestedBy.startsWith('staff:')) return above(parseMoney(amount), thresholds.bonus);
      return reserveDirectGrant(db, requestedBy, parseMoney(amount), thresholds.bonus);
    }
    case 'rgPayout': {
      const account = field(body, 'account');
      if (typeof account !== 'string' || account.length > 40) return null;
      // The payout is the member's free main-wallet balance.
      const [row] = await db.query<{ balance: string }>(
        `select a.balance::text from ledger_accounts a join members m on m.id = a.member_id
         where lower(m.account) = lower($1) and a.kind = 'main'`,
        [account],
      );
      return row ? above(BigInt(row.balance), thresholds.rgPayout) : null;
    }
    case 'agentRate': {
      const rate = percentHundredths(field(body, 'rate'));
      if (rate === null) return null;
      return above(rate, thresholds.agentRatePercent, (value) => `${toMoneyString(value)} %`);
    }
    case 'promotion':
      return promotionExposure(field(body, 'definition'), thresholds, above);
    case 'economySettings': {
      // Any change that pays more waits: there is no amount under which a rate may rise alone.
      const draft = settingsDraftSchema.safeParse(body);
      if (!draft.success || !current) return null;
      const changes = moreGenerous(current, draft.data);
      if (changes.length === 0) return null;
      return {
        amount: changes.length > 1 ? `${changes[0]} (+${changes.length - 1})` : changes[0]!,
        threshold: '0.00',
      };
    }
  }
}

/**
 * What a promotion commits the house to, against its threshold: a rebate's percent of every bet
 * (its part of the returns budget), or the largest payment it makes at once — a bonus's amount
 * or cap, a raffle's whole prize pool. Null for a malformed definition (the route refuses it).
 */
function promotionExposure(
  definition: unknown,
  thresholds: Thresholds,
  above: (
    amount: bigint,
    threshold: string,
    format?: (value: bigint) => string,
  ) => { amount: string; threshold: string } | null,
): Need {
  const type = field(definition, 'type');
  const terms = field(definition, 'terms');
  const money = (value: unknown): bigint | null =>
    typeof value === 'string' && MONEY_AMOUNT_PATTERN.test(value) ? parseMoney(value) : null;
  if (type === 'rebate') {
    const percent = percentHundredths(field(terms, 'percent'));
    if (percent === null) return null;
    return above(percent, thresholds.rebatePercent, (value) => `${toMoneyString(value)} %`);
  }
  if (type === 'raffle') {
    const prizes = field(terms, 'prizes');
    if (!Array.isArray(prizes) || prizes.length > 20) return null;
    let pool = 0n;
    for (const prize of prizes) {
      const amount = money(field(prize, 'amount'));
      const count = field(prize, 'count');
      if (amount === null || !Number.isInteger(count) || (count as number) < 1) return null;
      pool += amount * BigInt(Math.min(count as number, 1000));
    }
    return above(pool, thresholds.promotionAmount);
  }
  const largest = money(field(terms, type === 'depositBonus' ? 'cap' : 'amount'));
  if (largest === null || largest > MAX_AMOUNT_MINOR) return null;
  return above(largest, thresholds.promotionAmount);
}

/**
 * Split grants add up: what one person granted without a second pair of eyes in the last 24
 * hours counts with this one (five grants of 100.00 are one of 500.00). The grant is reserved
 * in one transaction under the person's lock — reserved: null, it runs now (`releaseDirectGrant`
 * gives it back if it then fails) — or the total is answered, for the approval.
 */
async function reserveDirectGrant(
  db: Database,
  actor: string,
  amount: bigint,
  threshold: string,
): Promise<Need> {
  const limit = parseMoney(threshold);
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [
      ChainLock.staffGrants,
      actor,
    ]);
    const [row] = await tx.query<{ earlier: string }>(
      `select coalesce(sum(amount), 0)::text as earlier from staff_direct_grants
       where actor = $1 and at > now() - interval '24 hours'`,
      [actor],
    );
    const earlier = BigInt(row?.earlier ?? '0');
    if (earlier + amount <= limit) {
      const [made] = await tx.query<{ id: string }>(
        'insert into staff_direct_grants (actor, amount) values ($1, $2) returning id::text',
        [actor, amount.toString()],
      );
      return { reserved: made!.id };
    }
    return {
      amount:
        earlier > 0n
          ? `${toMoneyString(amount)} (${toMoneyString(earlier + amount)} with the last 24 hours' grants)`
          : toMoneyString(amount),
      threshold,
    };
  });
}

/** A grant reserved for a person did not happen after all (its route refused it): given back. */
export async function releaseDirectGrant(db: Queryable, reservation: string): Promise<void> {
  await db.query('delete from staff_direct_grants where id = $1', [reservation]);
}

interface ApprovalRow {
  id: string;
  action: string;
  url: string;
  params: Record<string, string>;
  body: unknown;
  amount: string;
  threshold: string;
  requested_by: string;
  requested_at: Date | string;
  status: ApprovalView['status'];
  decided_by: string | null;
  decided_at: Date | string | null;
  decision_reason: string | null;
  outcome: unknown;
}

const COLUMNS = `id::text, action, url, params, body, amount, threshold, requested_by,
  requested_at, status, decided_by, decided_at, decision_reason, outcome`;

const toView = (row: ApprovalRow): ApprovalView => ({
  id: row.id,
  action: row.action,
  url: row.url,
  params: row.params,
  body: row.body,
  amount: row.amount,
  threshold: row.threshold,
  requestedBy: row.requested_by,
  requestedAt: new Date(row.requested_at).toISOString(),
  status: row.status,
  decidedBy: row.decided_by,
  decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
  decisionReason: row.decision_reason,
  outcome: row.outcome,
});

/** Keeps a request that needs a second pair of eyes; it waits in the queue. */
export async function requestApproval(
  deps: Pick<Platform, 'db' | 'changes'>,
  request: {
    action: string;
    url: string;
    params: Record<string, string>;
    body: unknown;
    amount: string;
    threshold: string;
    requestedBy: string;
  },
): Promise<ApprovalView> {
  return commit(deps, async (work) => {
    const view = await insertApproval(work.tx, request);
    // The queues of the roles that may decide it show it at once (socket `opsApproval`).
    work.changed('approval', { id: view.id, action: view.action, status: view.status });
    return view;
  });
}

async function insertApproval(
  db: Queryable,
  request: Parameters<typeof requestApproval>[1],
): Promise<ApprovalView> {
  const [row] = await db.query<ApprovalRow>(
    `insert into staff_approvals (action, method, url, params, body, amount, threshold,
       requested_by)
     values ($1, 'POST', $2, $3::jsonb, $4::jsonb, $5, $6, $7) returning ${COLUMNS}`,
    [
      request.action,
      request.url,
      JSON.stringify(request.params),
      JSON.stringify(request.body ?? {}),
      request.amount,
      request.threshold,
      request.requestedBy,
    ],
  );
  return toView(row!);
}

export async function approvalById(db: Queryable, id: string): Promise<ApprovalView> {
  const [row] = await db.query<ApprovalRow>(
    `select ${COLUMNS} from staff_approvals where id = $1`,
    [id],
  );
  if (!row) throw new ApiError(404, 'approval_not_found', `No approval #${id}.`);
  return toView(row);
}

/**
 * Decides a pending approval, in one statement: only while it is pending, and never by the one
 * who asked (two approvers at once: one wins, the other is told it was decided).
 */
export async function decideApproval(
  deps: Pick<Platform, 'db' | 'changes'>,
  id: string,
  decision: { by: string; approve: boolean; reason: string | null },
): Promise<ApprovalView> {
  return commit(deps, async (work) => {
    const view = await decideWithin(work.tx, id, decision);
    work.changed('approval', { id: view.id, action: view.action, status: view.status });
    return view;
  });
}

async function decideWithin(
  db: Queryable,
  id: string,
  decision: { by: string; approve: boolean; reason: string | null },
): Promise<ApprovalView> {
  // Not the asker, and not someone the asker made or gave their roles, nor the one who made the
  // asker's or gave theirs (a sock puppet): one statement, so nothing changes in between.
  const [row] = await db.query<ApprovalRow>(
    `update staff_approvals set status = $3, decided_by = $2, decided_at = now(),
       decision_reason = $4
     where id = $1 and status = 'pending' and requested_by <> $2
       and not exists (${TIED})
     returning ${COLUMNS}`,
    [id, decision.by, decision.approve ? 'approved' : 'rejected', decision.reason],
  );
  if (row) return toView(row);
  const current = await approvalById(db, id);
  if (current.requestedBy === decision.by) {
    throw new ApiError(403, 'approval_own', 'A second staff member must decide what you asked.');
  }
  const [tied] = await db.query(
    `select 1 from staff_approvals where id = $1 and status = 'pending' and exists (${TIED})`,
    [id, decision.by],
  );
  if (tied) {
    throw new ApiError(
      403,
      'approval_tied',
      'You made the account of the person who asked, or they made yours (or set its roles): ' +
        'a third person must decide.',
    );
  }
  throw new ApiError(409, 'approval_decided', `Approval #${id} was already ${current.status}.`);
}

/** What the approved action answered (or the code it failed with). */
export async function recordApprovalOutcome(
  deps: Pick<Platform, 'db' | 'changes'>,
  id: string,
  outcome: { ok: boolean; status: number; code?: string; value?: unknown },
): Promise<ApprovalView> {
  return commit(deps, async (work) => {
    const [row] = await work.tx.query<ApprovalRow>(
      `update staff_approvals set outcome = $2::jsonb,
         status = case when $3 then status else 'failed' end
       where id = $1 returning ${COLUMNS}`,
      [id, JSON.stringify(outcome), outcome.ok],
    );
    const view = toView(row!);
    work.changed('approval', { id: view.id, action: view.action, status: view.status });
    return view;
  });
}

/** The queue (pending, oldest first) or the decided ones (newest first). */
export async function listApprovals(
  db: Queryable,
  status: ApprovalView['status'] | 'all',
  limit: number,
): Promise<ApprovalView[]> {
  const rows = await db.query<ApprovalRow>(
    `select ${COLUMNS} from staff_approvals where ($1 = 'all' or status = $1)
     order by case when status = 'pending' then staff_approvals.id end asc,
       staff_approvals.id desc
     limit $2`,
    [status, limit],
  );
  return rows.map(toView);
}
