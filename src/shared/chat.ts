import type { StaffRole } from './staffRoles';
import type { WithdrawalView } from './withdrawals';
/**
 * The built-in live chat with customer service (issue 16; spec 7 `CBS_modelList`,
 * `CBS_launchChat`): what the player's chat page, the operator console and the server share.
 * Decisions (who the staff are, limits, retention): docs/decisions.md, "Live chat".
 *
 * Messages are plain text (plainText.ts), never HTML: the page shows them as text. Each message
 * has a `seq` that grows by one per room with no gap, so a client that missed some (a dropped
 * connection) asks for those after the last it holds and loses nothing.
 */
import { hasControlCharacters, isTooLong, normalizePlainText } from './plainText';

/** A message's text, in characters as a person counts them (ours; the spec sets none). */
export const CHAT_TEXT_MAX = 1000;
/** Messages a player (or a guest) may send in a minute; support staff may send more. */
export const CHAT_MESSAGES_PER_MINUTE = 20;
export const CHAT_STAFF_MESSAGES_PER_MINUTE = 60;
/** Pictures a player may attach in an hour (stored), and upload attempts (refused or not). */
export const CHAT_IMAGES_PER_HOUR = 20;
export const CHAT_IMAGE_ATTEMPTS_PER_HOUR = 40;
/** Messages per history answer; a client asks again after the last one while `hasMore`. */
export const CHAT_HISTORY_PAGE = 200;
/** How long a closed chat is kept (messages and pictures) before it is deleted. */
export const CHAT_RETENTION_DAYS = 180;
/** A staff display name, as players see it. */
export const STAFF_DISPLAY_NAME_MAX = 40;

/** The socket.io namespace of the chat (its own authentication: member, guest or staff). */
export const CHAT_NAMESPACE = '/chat';
/** The player's chat page: `/chat` launches (CBS_launchChat), `/chat/<room>` is one room. */
export const CHAT_ROUTE = '/chat';
export const chatUrlOf = (room: string) => `${CHAT_ROUTE}/${room}`;
/** The operator console (its own login; docs/decisions.md). */
export const SUPPORT_ROUTE = '/support';

/** A room's public id: random, URL-safe; knowing it is not enough to read the room. */
export const ROOM_TOKEN = /^[A-Za-z0-9_-]{22}$/;
/** A guest's key (kept by the guest's browser): proves it owns its room. */
export const GUEST_KEY = /^[A-Za-z0-9_-]{43}$/;
/** The header a guest's calls carry its key in. */
export const GUEST_KEY_HEADER = 'x-chat-guest';
/** A client's own id for a message it sends: a resend after a drop is stored once. */
export const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;

export type ChatAuthor = 'member' | 'guest' | 'staff';
export type ChatSide = 'player' | 'staff';

export interface ChatImageRef {
  id: string;
  width: number;
  height: number;
}

export interface ChatMessage {
  id: string;
  room: string;
  /** 1, 2, 3, … per room, none skipped. */
  seq: number;
  author: ChatAuthor;
  /** The staff member's display name on a staff message; null otherwise. */
  authorName: string | null;
  kind: 'text' | 'image';
  text: string | null;
  image: ChatImageRef | null;
  clientId: string | null;
  createdAt: string;
}

export type ChatRoomStatus = 'open' | 'closed';

/** A room as its player sees it. */
export interface ChatRoomView {
  room: string;
  status: ChatRoomStatus;
  /** The highest seq in the room. */
  lastSeq: number;
  /** Up to which seq the player has read, and up to which the staff have (read receipts). */
  playerReadSeq: number;
  staffReadSeq: number;
  createdAt: string;
  closedAt: string | null;
}

/** Messages after a seq (`GET …/messages?after=`), oldest first, with the room's state. */
export interface ChatHistory {
  room: ChatRoomView;
  messages: ChatMessage[];
  /** More messages follow the last one: ask again after it. */
  hasMore: boolean;
}

export type Presence = 'online' | 'away' | 'offline';

/** Spec 7 `CBS_modelList`: the hosts (support staff) and whether any is there now. */
export interface SupportHost {
  id: string;
  displayName: string;
  presence: Presence;
}

/**
 * How `CBS_modelList` knows presence (issue 32, finding 6c), said in the answer itself: a host is
 * `online` or `away` only while a support console (/support) of theirs holds a live socket.io
 * connection to the chat namespace; a staff session used over HTTP alone reads `offline`.
 */
export interface PresenceSource {
  /** Presence follows the consoles' live socket connections, not their logins. */
  requires: 'consoleConnection';
  /** The chat namespace's socket event that carries changes of `online` (no need to poll). */
  event: 'chatPresence';
  namespace: typeof CHAT_NAMESPACE;
}

export const PRESENCE_SOURCE: PresenceSource = {
  requires: 'consoleConnection',
  event: 'chatPresence',
  namespace: CHAT_NAMESPACE,
};

export interface ModelList {
  hosts: SupportHost[];
  /** Someone is online to answer now (else a message waits for the next one). */
  online: boolean;
  /** Where presence comes from: the consoles' live connections (see PresenceSource). */
  presenceSource: PresenceSource;
}

/** Spec 7 `CBS_launchChat`: the address of the caller's chat room (ours: a route of the site). */
export interface LaunchChatResult {
  chatUrl: string;
  room: string;
  /** A guest's key for this room, given once when the room is made for it (keep it). */
  guestKey: string | null;
}

/** Who a chat is with, as the console shows it (never a member's secrets or money). */
export interface ChatParty {
  kind: 'member' | 'guest';
  /** The member's account and nickname; null for a guest. */
  account: string | null;
  nickname: string | null;
  /** A short label for a guest ("Guest 4F2A"). */
  label: string;
}

/** One chat in the console's list. */
export interface SupportRoomSummary extends ChatRoomView {
  party: ChatParty;
  /** The newest message (a text's first characters, or an image). */
  last: { author: ChatAuthor; kind: 'text' | 'image'; preview: string | null; at: string } | null;
  /** The player's messages the staff have not read yet. */
  unread: number;
  /** Grows with every change of any room (the console's list merges by it). */
  version: number;
  updatedAt: string;
}

export interface SupportStaffView {
  id: string;
  name: string;
  displayName: string;
  available: boolean;
}

/** The signed-in staff member (the console's and the back office's `me`). */
export interface StaffMe extends SupportStaffView {
  /** What the back office lets this account do (issue 30). */
  roles: StaffRole[];
  /** Two-factor sign-in is set up for the account. */
  twoFactorOn: boolean;
  /** This session proved it (the back office needs it). */
  twoFactor: boolean;
}

export interface SupportLoginResult {
  token: string;
  staff: StaffMe;
  expiresAt: string;
}

/** Socket events of the chat namespace, server to client. */
export interface ChatReadEvent {
  room: string;
  side: ChatSide;
  seq: number;
}

export interface ChatTypingEvent {
  room: string;
  side: ChatSide;
  /** The staff member's display name when staff type; null for the player. */
  name: string | null;
  typing: boolean;
}

export interface ChatPresenceEvent {
  online: boolean;
}

/** A withdrawal as the back office's queue hears it (the member's view of it; `version` orders). */
export interface OpsWithdrawalEvent {
  withdrawal: WithdrawalView;
}

export interface ChatServerToClientEvents {
  /** A new message in a room the socket follows. */
  chatMessage: (message: ChatMessage) => void;
  /** The other side read a room up to `seq`. */
  chatRead: (event: ChatReadEvent) => void;
  /** The other side is typing in a room, or stopped. */
  chatTyping: (event: ChatTypingEvent) => void;
  /** A room changed (closed); the player's page hears its own room's view. */
  chatRoom: (room: ChatRoomView) => void;
  /** The console's list: a room's summary changed (a message, a read, a close). */
  supportRoom: (room: SupportRoomSummary) => void;
  /** Whether anyone of the support staff is online (the player's page shows it). */
  chatPresence: (event: ChatPresenceEvent) => void;
  /** The socket's session ended (logout, a staff account disabled): it is cut. */
  chatSession: (event: { reason: string }) => void;
  /** The back office's withdrawals queue (finance, issue 30): a withdrawal's new state. */
  opsWithdrawal: (event: OpsWithdrawalEvent) => void;
  /** The back office's dashboard: money moved, its figures are worth fetching again. */
  opsFigures: (event: { at: string }) => void;
  /** The back office's four-eyes queue: an approval asked for or decided. */
  opsApproval: (event: { id: string; status: string }) => void;
  /** The back office's feedback queue: a feedback was sent or answered. */
  opsFeedback: (event: { at: string }) => void;
  /** The back office's redemptions queue: a redemption was asked for or decided. */
  opsRedemption: (event: { at: string }) => void;
}

export type ChatAck = (answer: { ok: true } | { ok: false; code: string }) => void;

export interface ChatClientToServerEvents {
  typing: (event: { room: string; typing: boolean }) => void;
  read: (event: { room: string; seq: number }, ack?: ChatAck) => void;
}

/** What a chat socket presents in its handshake: one of the three. */
export interface ChatHandshake {
  /** A member's session token, with the room it opens. */
  token?: string | null;
  /** A guest's key, with the room it opens. */
  guestKey?: string | null;
  room?: string | null;
  /** A support staff session token (the console follows every room). */
  staffToken?: string | null;
}

export type ChatTextProblem = 'chat_text_required' | 'chat_text_too_long' | 'chat_text_invalid';

/** The text as stored (plainText.ts). */
export const normalizeChatText = normalizePlainText;

/** The problem of a message's text, or null when it may be sent. */
export function checkChatText(value: string): ChatTextProblem | null {
  const text = normalizeChatText(value);
  if (text === '') return 'chat_text_required';
  if (isTooLong(text, CHAT_TEXT_MAX)) return 'chat_text_too_long';
  if (hasControlCharacters(text)) return 'chat_text_invalid';
  return null;
}

/**
 * Messages merged by seq (a room's messages are unique by seq): the incoming ones the list does
 * not hold yet go in order; the same list comes back when nothing is new.
 */
export function mergeMessages(
  list: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): readonly ChatMessage[] {
  const known = new Set(list.map((message) => message.seq));
  const fresh = incoming.filter((message) => {
    if (known.has(message.seq)) return false;
    known.add(message.seq);
    return true;
  });
  if (fresh.length === 0) return list;
  const last = list.at(-1)?.seq ?? 0;
  if (fresh.every((message) => message.seq > last)) {
    return [...list, ...[...fresh].sort((a, b) => a.seq - b.seq)];
  }
  return [...list, ...fresh].sort((a, b) => a.seq - b.seq);
}

/** The highest seq of a list with no gap from 1 (what a client may ask "after"). */
export function contiguousSeq(list: readonly ChatMessage[]): number {
  let seq = 0;
  for (const message of list) {
    if (message.seq !== seq + 1) break;
    seq = message.seq;
  }
  return seq;
}

/** Guests are shown by a short label of their room (never anything about the visitor). */
export function guestLabel(room: string): string {
  return `Guest ${room.slice(0, 4).toUpperCase()}`;
}

/** Withdrawal states that are still open (not paid out and confirmed, refunded or rejected). */
export const OPEN_WITHDRAWAL_STATES = [
  'requested',
  'awaitingConfirmation',
  'notReceived',
  'partiallyReceived',
] as const;

/** Deposits and withdrawals the support console's player panel lists, each. */
export const PLAYER_PANEL_MOVES = 5;

/** A deposit or a withdrawal as the player panel lists it (money: the ledger's strings). */
export interface PlayerPanelMove {
  id: string;
  amount: string;
  status: string;
  at: string;
}

/**
 * What the support console shows beside a member's chat (the player panel): the account, its
 * balance and VIP level, the last deposits and withdrawals, and the open withdrawal if any.
 * Only staff whose roles may read a member's money get it (`GET /wps/support/rooms/:room/player`).
 */
export interface SupportPlayerPanel {
  /** A guest's chat: no account to show. */
  member: {
    account: string;
    nickname: string;
    status: 'active' | 'disabled';
    createdAt: string;
    lastLoginAt: string | null;
  } | null;
  balance: string;
  vipLevel: number;
  deposits: PlayerPanelMove[];
  withdrawals: PlayerPanelMove[];
  /** The newest withdrawal still open (also in `withdrawals` when among the last ones). */
  openWithdrawal: PlayerPanelMove | null;
  /** When the server read it. */
  readAt: string;
}
