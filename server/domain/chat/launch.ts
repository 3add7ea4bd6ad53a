import { randomBytes } from 'node:crypto';
import { chatUrlOf, type LaunchChatResult } from '../../../src/shared/chat';
import type { Queryable } from '../../db/types';
import { ApiError } from '../../platform/apiError';
import { sha256 } from '../identity/secrets';

/**
 * Launching a chat (issue 16, spec 7 `CBS_launchChat`): a member's open room or a new one, a
 * guest's by the key its browser keeps (only the key's hash is stored).
 */

/** A room's public id: 16 random bytes, 22 URL-safe characters. */
const newRoomToken = () => randomBytes(16).toString('base64url');
/** A guest's key: 32 random bytes, 43 URL-safe characters; only its hash is stored. */
const newGuestKey = () => randomBytes(32).toString('base64url');

/** What is stored of a guest's key: its hash. */
export const guestKeyHash = (key: string) => sha256(`chat-guest:${key}`);

/**
 * Spec 7 `CBS_launchChat` for a member: its open room, or a new one. Two launches at once find
 * the same room (the unique index of open rooms, and `on conflict do nothing`).
 */
export async function launchMemberChat(db: Queryable, memberId: string): Promise<LaunchChatResult> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [open] = await db.query<{ token: string }>(
      `select token from chat_rooms where member_id = $1 and status = 'open'`,
      [memberId],
    );
    if (open) return { chatUrl: chatUrlOf(open.token), room: open.token, guestKey: null };
    const [made] = await db.query<{ token: string }>(
      `insert into chat_rooms (token, member_id) values ($1, $2)
       on conflict (member_id) where status = 'open' and member_id is not null do nothing
       returning token`,
      [newRoomToken(), memberId],
    );
    if (made) return { chatUrl: chatUrlOf(made.token), room: made.token, guestKey: null };
  }
  throw new ApiError(409, 'chat_busy', 'Please try again.');
}

/** Whether a guest key was given by this server (a room was made for it once). */
export async function guestKeyKnown(db: Queryable, key: string): Promise<boolean> {
  const rows = await db.query('select 1 from chat_rooms where guest_key_hash = $1 limit 1', [
    guestKeyHash(key),
  ]);
  return rows.length > 0;
}

/**
 * `CBS_launchChat` for a guest: with the key its browser keeps, its open room (or a new one
 * for the same key after the last was closed); without one, a new key and room (the caller
 * counts those per address). The key is answered only when it is new.
 */
export async function launchGuestChat(
  db: Queryable,
  key: string | null,
): Promise<LaunchChatResult> {
  const guestKey = key ?? newGuestKey();
  const hash = guestKeyHash(guestKey);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [open] = await db.query<{ token: string }>(
      `select token from chat_rooms where guest_key_hash = $1 and status = 'open'`,
      [hash],
    );
    const answer = (token: string) => ({
      chatUrl: chatUrlOf(token),
      room: token,
      guestKey: key ? null : guestKey,
    });
    if (open) return answer(open.token);
    const [made] = await db.query<{ token: string }>(
      `insert into chat_rooms (token, guest_key_hash) values ($1, $2)
       on conflict (guest_key_hash) where status = 'open' and guest_key_hash is not null
       do nothing returning token`,
      [newRoomToken(), hash],
    );
    if (made) return answer(made.token);
  }
  throw new ApiError(409, 'chat_busy', 'Please try again.');
}
