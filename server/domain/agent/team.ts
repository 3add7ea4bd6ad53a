import { MAX_TEAM_DEPTH } from '../../../src/shared/agentReports';
import { toMoneyString } from '../../../src/shared/money';
import type { SqlParam } from '../../db/types';

/**
 * The agent's team: every member under the agent, walked down members.upline_id level by level
 * (members_upline_tree_idx) and bounded at MAX_TEAM_DEPTH so a bad upline loop cannot run away.
 * A report is one SQL statement that starts `with recursive ${teamCte(...)}` and joins its rows
 * to `team (id, level)`: nothing outside the tree can ever be read.
 */
export function teamCte(agentParam: string): string {
  return `team (id, level) as (
    select id, 1 from members where upline_id = ${agentParam}
    union all
    select m.id, t.level + 1 from members m join team t on m.upline_id = t.id
    where t.level < ${MAX_TEAM_DEPTH}
  )`;
}

/** Numbered SQL parameters, so a statement with optional filters stays readable. */
export class Params {
  readonly values: SqlParam[] = [];
  /** Adds a value and returns its placeholder ($n). */
  add(value: SqlParam): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Minor units as the database returns them (bigint text) → a wire amount. */
export const money = (minor: string | null | undefined): string =>
  toMoneyString(BigInt(minor ?? '0'));

/** win − bet, the players' result. */
export const profitOf = (win: string, bet: string): string =>
  toMoneyString(BigInt(win) - BigInt(bet));

/**
 * The filter "this team member's account" (case-insensitive, exact): a member outside the team
 * matches nothing because every report joins `team` as well.
 */
export function accountFilter(params: Params, column: string, account: string | undefined) {
  if (!account) return 'true';
  return `${column} = (select id from members where lower(account) = lower(${params.add(account)}))`;
}
