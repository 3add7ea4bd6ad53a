import type { AppDeps } from '../../deps';

/**
 * What a back-office write is about to change, as it is before the write (issue 30: the audit
 * trail keeps "the before and after"): read by the door just before the action runs and kept
 * in the trail's `started` row as `target.before` (hash-chained with it); the outcome row holds
 * the after (the action's answer). One reader per action that changes a stored thing; an
 * action without one (a new note, a bonus, a payout's new withdrawal) changes nothing that
 * existed. A reader answers null when the thing does not exist (the route then refuses it).
 */
type Reader = (deps: AppDeps, params: Params, body: Body) => Promise<unknown>;
type Params = Record<string, string | undefined>;
type Body = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

async function one(deps: AppDeps, sql: string, values: (string | null)[]): Promise<unknown> {
  const [row] = await deps.db.query(sql, values);
  return row ?? null;
}

const member = (deps: AppDeps, account: string | null) =>
  one(deps, 'select account, status from members where lower(account) = lower($1)', [account]);

const staff = (deps: AppDeps, name: string | null) =>
  one(
    deps,
    `select name, status, roles, totp_secret is not null as "twoFactor"
     from support_staff where name = $1`,
    [name],
  );

export const BEFORE_READERS: Record<string, Reader> = {
  'system.maintenance': async (deps) => deps.maintenance.get(),
  // The VIP levels and missions in force (the draft is the call's detail, the saved the answer).
  'settings.save': async (deps) => ({ vip: deps.config.vip, missions: deps.config.missions }),
  'staff.password': (deps, params) => staff(deps, params.name ?? null),
  'staff.status': (deps, params) => staff(deps, params.name ?? null),
  'staff.roles': (deps, params) => staff(deps, params.name ?? null),
  'staff.twoFactorReset': (deps, params) => staff(deps, params.name ?? null),
  'withdrawals.decide': (deps, params) =>
    one(deps, 'select id::text, status, amount::text from withdrawals where id = $1::bigint', [
      /^\d{1,18}$/.test(params.id ?? '') ? params.id! : null,
    ]),
  'members.password': (deps, params) => member(deps, params.account ?? null),
  'members.status': (deps, params) => member(deps, params.account ?? null),
  'rg.extend': (deps, _params, body) =>
    one(
      deps,
      `select m.account, s.exclusion_kind as "exclusionKind", s.exclusion_ends_at as "endsAt"
       from members m left join rg_settings s on s.member_id = m.id
       where lower(m.account) = lower($1)`,
      [text(body.account)],
    ),
  'agents.rate': (deps, _params, body) =>
    one(
      deps,
      `select m.account, $2::text as "contractType",
         (select r.rate_bp from agent_rates r
          where r.member_id = m.id and r.contract_type = $2) as "rateBp"
       from members m where lower(m.account) = lower($1)`,
      [text(body.account), text(body.contractType)],
    ),
  'promotions.save': (deps, _params, body) =>
    one(
      deps,
      `select code, type, content, starts_at as "startsAt", ends_at as "endsAt",
         closed_at as "closedAt" from promotions where code = $1`,
      [text(body.code)],
    ),
  'promotions.close': (deps, params) =>
    one(deps, 'select code, closed_at as "closedAt" from promotions where code = $1', [
      params.code ?? null,
    ]),
  'goods.save': (deps, _params, body) =>
    one(
      deps,
      'select code, name, points, amount::text, quantity, status from point_goods where code = $1',
      [text(body.code)],
    ),
  'redemptions.decide': (deps, params) =>
    one(deps, 'select id::text, status from point_redemptions where id = $1::bigint', [
      /^\d{1,18}$/.test(params.id ?? '') ? params.id! : null,
    ]),
  'announcements.end': (deps, params) =>
    one(
      deps,
      `select id::text, kind, ends_at as "endsAt", ended_at as "endedAt"
       from operator_announcements where id::text = $1`,
      [params.id ?? null],
    ),
  'feedback.answer': (deps, params) =>
    one(deps, 'select id::text, status, answer from feedback where id = $1::bigint', [
      /^\d{1,18}$/.test(params.id ?? '') ? params.id! : null,
    ]),
  'approvals.decide': (deps, params) =>
    one(deps, 'select id::text, action, status from staff_approvals where id = $1::bigint', [
      /^\d{1,18}$/.test(params.id ?? '') ? params.id! : null,
    ]),
};

/**
 * The thing's state before `action` runs, or undefined when the action has no reader. A reader
 * that fails (a malformed id the route will refuse anyway) answers null rather than stopping
 * the request: the trail then says the before-state was not found.
 */
export async function beforeState(
  deps: AppDeps,
  action: string,
  params: unknown,
  body: unknown,
): Promise<unknown> {
  const reader = BEFORE_READERS[action];
  if (!reader) return undefined;
  const asRecord = (value: unknown) =>
    value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  try {
    return await reader(deps, asRecord(params) as Params, asRecord(body));
  } catch {
    return null;
  }
}
