import type { Queryable } from '../../db/types';
import { newToken, sha256 } from './secrets';

/** A session lasts a day of inactivity-independent time; logout or a password change ends it. */
const SESSION_TTL_MS = 24 * 60 * 60_000;

export interface SessionMember {
  sessionId: string;
  memberId: string;
  account: string;
  nickname: string;
  type: number;
  /** When the session expires by itself (a live socket is cut then: issue 16, 17). */
  expiresAt: Date;
}

/**
 * Opens a session; `sittingStartedAt` is the start of the responsible-gaming sitting it belongs
 * to (issue 17: the session limit counts from there), now when omitted.
 */
export async function createSession(
  db: Queryable,
  memberId: string,
  sittingStartedAt: Date | null = null,
): Promise<{ token: string; sessionId: string }> {
  const token = newToken();
  const [row] = await db.query<{ id: string }>(
    `insert into sessions (token_hash, member_id, expires_at, sitting_started_at)
     values ($1, $2, now() + make_interval(secs => $3), $4)
     returning id::text`,
    [sha256(token), memberId, SESSION_TTL_MS / 1000, sittingStartedAt],
  );
  return { token, sessionId: row!.id };
}

/** The live session of a token, or null when unknown, expired or revoked. */
export async function resolveSession(db: Queryable, token: string): Promise<SessionMember | null> {
  const [row] = await db.query<{
    session_id: string;
    member_id: string;
    account: string;
    nickname: string;
    type: number;
    expires_at: Date;
  }>(
    `select s.id::text as session_id, m.id::text as member_id, m.account, m.nickname, m.type,
       s.expires_at
     from sessions s join members m on m.id = s.member_id
     where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()
       and m.status = 'active' and m.kind = 'member'`,
    [sha256(token)],
  );
  if (!row) return null;
  return {
    sessionId: row.session_id,
    memberId: row.member_id,
    account: row.account,
    nickname: row.nickname,
    type: Number(row.type),
    expiresAt: new Date(row.expires_at),
  };
}

export async function revokeSession(
  db: Queryable,
  sessionId: string,
  reason: string,
): Promise<void> {
  await db.query(
    `update sessions set revoked_at = now(), revoke_reason = $2 where id = $1 and revoked_at is null`,
    [sessionId, reason],
  );
}

/** Ends every live session of a member; returns their ids so open tabs can be told. */
export async function revokeMemberSessions(
  db: Queryable,
  memberId: string,
  reason: string,
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `update sessions set revoked_at = now(), revoke_reason = $2
     where member_id = $1 and revoked_at is null returning id::text`,
    [memberId, reason],
  );
  return rows.map((row) => row.id);
}
