import { isAgentType } from '../../../src/shared/identity';
import type { MemberStatus, TeamMember } from '../../../src/shared/agentReports';
import type { Page } from '../../../src/shared/records';
import type { Queryable } from '../../db/types';
import type { TeamMembersQuery } from './query';
import { Params, teamCte } from './team';
import { EXCLUDED_AT } from '../responsibleGaming/state';

/**
 * downlineManagmentView: the team's members, level by level (1 = direct), newest first within a
 * level; searched by account (part of it, any case), status and level.
 */
export async function teamMembers(
  db: Queryable,
  agentId: string,
  query: TeamMembersQuery,
): Promise<Page<TeamMember>> {
  const params = new Params();
  const agent = params.add(agentId);
  const filters = [
    query.account ? `strpos(lower(m.account), lower(${params.add(query.account)})) > 0` : null,
    query.status ? `m.status = ${params.add(query.status)}` : null,
    query.level ? `t.level = ${params.add(query.level)}` : null,
  ].filter((filter) => filter !== null);
  const where = filters.length ? filters.join(' and ') : 'true';
  const from = `from team t join members m on m.id = t.id`;
  const [count] = await db.query<{ total: string }>(
    `with recursive ${teamCte(agent)} select count(*)::text as total ${from} where ${where}`,
    params.values,
  );
  const limit = params.add(query.pageSize);
  const offset = params.add((query.page - 1) * query.pageSize);
  const rows = await db.query<{
    id: string;
    account: string;
    nickname: string;
    level: number;
    type: number;
    upline_account: string;
    status: MemberStatus;
    created_at: Date;
    last_login_at: Date | null;
    direct: number;
    excluded: boolean;
  }>(
    `with recursive ${teamCte(agent)},
     chosen as (
       select m.id, t.level, m.created_at ${from} where ${where}
       order by t.level, m.created_at desc, m.id desc limit ${limit} offset ${offset}
     )
     select m.id::text, m.account, m.nickname, c.level, m.type, u.account as upline_account,
       m.status, m.created_at, m.last_login_at,
       (select count(*) from members d where d.upline_id = m.id)::int as direct,
       exists (select 1 from rg_settings r where r.member_id = m.id
               and ${EXCLUDED_AT('now()', 'r')}) as excluded
     from chosen c join members m on m.id = c.id join members u on u.id = m.upline_id
     order by c.level, c.created_at desc, c.id desc`,
    params.values,
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      account: row.account,
      nickname: row.nickname,
      level: Number(row.level),
      kind: isAgentType(Number(row.type)) ? 'agent' : 'player',
      uplineAccount: row.upline_account,
      status: row.status,
      createdAt: new Date(row.created_at).toISOString(),
      lastLoginAt: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
      directMembers: Number(row.direct),
      excluded: row.excluded === true,
    })),
    total: Number(count!.total),
    page: query.page,
    pageSize: query.pageSize,
  };
}
