import { EARLY_CALL_KEYS } from '../../shared/earlyCalls';
/**
 * Spec 4 "Pop-ups: shown once per session (per user or anonymous key marked closed)". The
 * closed pop-ups are kept in session storage (a new tab or browser session starts afresh, a
 * reload keeps them), under the owner who closed them: the member (`member:<id>`) or, for a
 * guest, an anonymous key made once per session (`anon:<random>`). Logging in as someone else
 * in the same tab does not hide from them what another closed.
 */

/** Session storage: the closed pop-ups per owner ({ "member:7": ["welcome", "op-3"] }). */
export const CLOSED_KEY = 'announcements.closed';
/** Session storage: this session's anonymous key. */
export const ANON_KEY = 'announcements.anonKey';
/** Session storage: set on the login that was the account's first (execution F pop-ups). */
export const FIRST_LOGIN_KEY = EARLY_CALL_KEYS.firstLogin;

/** Kept per owner at most; the oldest go first (an operator may create many over a session). */
const MAX_IDS = 200;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function randomKey(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The owner of the closed marks: the member, else this session's anonymous key. The key is made
 * only with `create` (when a guest closes one): reading what a guest closed leaves the session
 * storage as it is (a logout empties it, and a guest with nothing closed keeps it empty).
 */
export function popupOwner(storage: Store, memberId: string | null, create = false): string {
  if (memberId !== null) return `member:${memberId}`;
  let anon = storage.getItem(ANON_KEY);
  if (!anon || !/^[0-9a-f]{24}$/.test(anon)) {
    // No key yet: nothing closed yet.
    if (!create) return 'anon:';
    anon = randomKey();
    storage.setItem(ANON_KEY, anon);
  }
  return `anon:${anon}`;
}

function readAll(storage: Store): Record<string, string[]> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(CLOSED_KEY) ?? '{}');
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const result: Record<string, string[]> = {};
    for (const [owner, ids] of Object.entries(parsed as Record<string, unknown>)) {
      if (Array.isArray(ids)) result[owner] = ids.filter((id) => typeof id === 'string');
    }
    return result;
  } catch {
    // A damaged value (edited by hand): start afresh rather than fail the page.
    return {};
  }
}

/** The pop-ups `owner` closed in this session. */
export function closedPopups(storage: Store, owner: string): ReadonlySet<string> {
  return new Set(readAll(storage)[owner] ?? []);
}

/** Marks `ids` closed for `owner` for the rest of the session. */
export function markPopupsClosed(storage: Store, owner: string, ids: readonly string[]): void {
  if (owner === 'anon:') return;
  const all = readAll(storage);
  const merged = [...new Set([...(all[owner] ?? []), ...ids])].slice(-MAX_IDS);
  all[owner] = merged;
  try {
    storage.setItem(CLOSED_KEY, JSON.stringify(all));
  } catch {
    // Storage full or refused: the pop-up may show again after a reload, nothing worse.
  }
}

/** The items not closed yet, in their order. */
export function notClosed<T extends { id: string }>(
  items: readonly T[],
  closed: ReadonlySet<string>,
): T[] {
  return items.filter((item) => !closed.has(item.id));
}
