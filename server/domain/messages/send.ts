import { createHash } from 'node:crypto';
import type { SendMessageRequest, SendMessageResult } from '../../../src/shared/messages';
import type { Queryable } from '../../db/types';
import { ApiError } from '../../platform/apiError';
import { teamCte } from '../agent/team';
import { EXCLUDED_AT, memberExcluded } from '../responsibleGaming/state';

/**
 * An agent writes to its team (the back office `messages` page): one member of the team, found
 * by account at any depth, or every direct downline. One row per recipient in one statement;
 * the request key makes a retried send deliver nothing more (not even to members who joined the
 * team since), and its answer is the first one's.
 */
export async function sendFromAgent(
  tx: Queryable,
  agentId: string,
  request: SendMessageRequest,
): Promise<SendMessageResult & { memberIds: string[] }> {
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([request.to, request.subject, request.body]))
    .digest();
  const sentBefore = async () => {
    const [row] = await tx.query<{ delivered: number; different: number }>(
      `select count(*)::int as delivered,
         count(*) filter (where request_hash is not null and request_hash <> $3)::int as different
       from member_messages where sender_id = $1 and request_key = $2`,
      [agentId, request.requestKey, fingerprint],
    );
    // The same key for another message (issue 11): refused, never answered as the first send.
    if ((row?.different ?? 0) > 0) {
      throw new ApiError(
        409,
        'idempotency_conflict',
        'This request key was already used for a different message.',
      );
    }
    return row?.delivered ?? 0;
  };
  // A replay answers the first send, even if the team has grown since.
  const replayed = await sentBefore();
  if (replayed > 0) return { delivered: replayed, memberIds: [] };

  // Members on a time-out or self-exclusion get nothing from their agents (issue 17: an agent's
  // message may be an offer): left out of a message to all, refused by name.
  const notExcluded = (id: string) =>
    `not exists (select 1 from rg_settings r where r.member_id = ${id} and ${EXCLUDED_AT('now()', 'r')})`;
  if ('account' in request.to) {
    const [target] = await tx.query<{ excluded: boolean }>(
      `with recursive ${teamCte('$1')}
       select not ${notExcluded('t.id')} as excluded from team t join members m on m.id = t.id
       where lower(m.account) = lower($2)`,
      [agentId, request.to.account],
    );
    if (target?.excluded) throw memberExcluded(request.to.account);
  }
  const recipients =
    'account' in request.to
      ? `with recursive ${teamCte('$1')}
         select t.id from team t join members m on m.id = t.id
         where lower(m.account) = lower($6)`
      : `select m.id from members m where m.upline_id = $1 and ${notExcluded('m.id')}`;
  const params: (string | Buffer)[] = [
    agentId,
    request.requestKey,
    request.subject,
    request.body,
    fingerprint,
  ];
  if ('account' in request.to) params.push(request.to.account);
  const inserted = await tx.query<{ member_id: string }>(
    `insert into member_messages (member_id, kind, sender_id, subject, body, request_key,
       request_hash)
     select r.id, 'upline', $1, $3, $4, $2, $5 from (${recipients}) r
     on conflict (sender_id, request_key, member_id) where request_key is not null do nothing
     returning member_id::text`,
    params,
  );
  // A concurrent twin of this request may have delivered some rows: the answer counts both.
  const delivered = await sentBefore();
  if (delivered === 0) {
    throw 'account' in request.to
      ? new ApiError(404, 'not_in_team', 'No member of your team has this account.')
      : new ApiError(409, 'no_downlines', 'You have no direct downlines to write to yet.');
  }
  return { delivered, memberIds: inserted.map((row) => row.member_id) };
}
