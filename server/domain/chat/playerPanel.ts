import {
  OPEN_WITHDRAWAL_STATES,
  PLAYER_PANEL_MOVES,
  type PlayerPanelMove,
  type SupportPlayerPanel,
} from '../../../src/shared/chat';
import type { StaffRole } from '../../../src/shared/staffRoles';
import { toMoneyString } from '../../../src/shared/money';
import type { Queryable } from '../../db/types';
import { ApiError } from '../../platform/apiError';
import { MEMBERS_ACTIONS } from '../backOffice/actionsMembers';
import type { RoomRow } from './roomRows';

/**
 * The support console's player panel: a member's account, balance, VIP level, last deposits
 * and withdrawals, and the open withdrawal. Member money is shown to the roles that may read a
 * member's ledger in the back office (actionsMembers.ts) and to no one else.
 */

/** The roles that may read a member's money (the back office's `members.ledger`). */
export const PLAYER_PANEL_ROLES: readonly StaffRole[] =
  MEMBERS_ACTIONS['GET /ops/members/:account/ledger']!.roles;

export function requireMoneyRole(roles: readonly StaffRole[]): void {
  if (!roles.some((role) => PLAYER_PANEL_ROLES.includes(role))) {
    throw new ApiError(403, 'forbidden_role', 'Your role does not allow this.', {
      allowed: [...PLAYER_PANEL_ROLES],
    });
  }
}

interface MoveRow {
  id: string;
  amount: string;
  status: string;
  created_at: Date | string;
}

const moveOf = (row: MoveRow): PlayerPanelMove => ({
  id: row.id,
  amount: toMoneyString(BigInt(row.amount)),
  status: row.status,
  at: new Date(row.created_at).toISOString(),
});

export async function playerPanel(
  db: Queryable,
  room: RoomRow,
  now: Date,
): Promise<SupportPlayerPanel> {
  const empty: SupportPlayerPanel = {
    member: null,
    balance: '0.00',
    vipLevel: 0,
    deposits: [],
    withdrawals: [],
    openWithdrawal: null,
    readAt: now.toISOString(),
  };
  if (!room.member_id) return empty;
  const memberId = room.member_id;
  const [members, deposits, withdrawals, open] = await Promise.all([
    db.query<{
      account: string;
      nickname: string;
      status: 'active' | 'disabled';
      created_at: Date;
      last_login_at: Date | null;
      balance: string;
      level: number | null;
    }>(
      `select m.account, m.nickname, m.status, m.created_at, m.last_login_at,
         coalesce((select sum(a.balance) from ledger_accounts a
           where a.member_id = m.id and a.kind = 'main'), 0)::text as balance,
         (select v.level from member_vip v where v.member_id = m.id) as level
       from members m where m.id = $1::bigint`,
      [memberId],
    ),
    db.query<MoveRow>(
      `select id::text, amount::text, status, created_at from deposits
       where member_id = $1::bigint order by created_at desc, id desc limit ${PLAYER_PANEL_MOVES}`,
      [memberId],
    ),
    db.query<MoveRow>(
      `select id::text, amount::text, status, created_at from withdrawals
       where member_id = $1::bigint order by id desc limit ${PLAYER_PANEL_MOVES}`,
      [memberId],
    ),
    db.query<MoveRow>(
      `select id::text, amount::text, status, created_at from withdrawals
       where member_id = $1::bigint and status = any($2::text[]) order by id desc limit 1`,
      [memberId, `{${OPEN_WITHDRAWAL_STATES.join(',')}}`],
    ),
  ]);
  const member = members[0];
  if (!member) return empty;
  return {
    member: {
      account: member.account,
      nickname: member.nickname,
      status: member.status,
      createdAt: new Date(member.created_at).toISOString(),
      lastLoginAt: member.last_login_at ? new Date(member.last_login_at).toISOString() : null,
    },
    balance: toMoneyString(BigInt(member.balance)),
    vipLevel: Number(member.level ?? 0),
    deposits: deposits.map(moveOf),
    withdrawals: withdrawals.map(moveOf),
    openWithdrawal: open[0] ? moveOf(open[0]) : null,
    readAt: now.toISOString(),
  };
}
