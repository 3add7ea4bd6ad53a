import type { ChatMessage, ChatRoomView, ChatSide } from '../../src/shared/chat';
import type { WinnerEntry } from '../../src/shared/games';
import type { MessageEvent } from '../../src/shared/messages';
import type { ContractView, SalaryEvent } from '../../src/shared/realtime';
import type { RewardEvent } from '../../src/shared/rewards';
import type { WithdrawalView } from '../../src/shared/withdrawals';

/**
 * The event map (issue 29): every committed change the platform publishes live, by kind. A
 * domain command records what it changed in its unit of work (`work.changed(kind, change)`,
 * server/platform/unitOfWork.ts); the unit of work publishes after the commit; the realtime
 * layer (server/realtime/io.ts) turns each kind into its socket event. Adding a live event
 * touches this map, the domain code that changes the thing, and the stream — no more.
 */
export interface ChangeMap {
  /** Wallet balances a ledger posting set (socket `balance`; seq: the entry id). */
  balance: BalanceChange[];
  /** An agent's salary period total (socket `salary`). */
  salary: SalaryChange;
  /** A big win of the demo vendor (public socket `winner`). */
  winner: WinnerEntry;
  /** A withdrawal's new state (socket `withdrawal`). */
  withdrawal: WithdrawalChange;
  /** Contracts that changed, for both parties (socket `contract`). */
  contract: ContractChange;
  /** Inboxes that changed (socket `message`). */
  message: MessageChange;
  /** A member's rewards or bonus lock (socket `reward`). */
  reward: RewardChange;
  /** A member's VIP level (socket `vip`). */
  vip: VipChange;
  /** The operator's announcements (socket `announcement`). */
  announcement: AnnouncementChange;
  /** A member's responsible-gaming settings (socket `rg`). */
  rg: RgChange;
  /** Member sessions that ended (socket `session`): their sockets lose the private rooms. */
  sessionsEnded: SessionsEnded;
  /** A live chat's message, read mark, room or staff availability (the chat namespace). */
  chat: ChatChange;
  /** Support console sessions that ended: their chat sockets go. */
  staffSessionsEnded: SessionsEnded;
  /** A four-eyes approval asked for or decided (the back office's queue, socket `opsApproval`). */
  approval: ApprovalChange;
  /**
   * A back-office queue changed: a feedback sent or answered, a redemption asked for or decided
   * (sockets `opsFeedback`, `opsRedemption`: the queues fetch again).
   */
  opsQueue: OpsQueueChange;
}

export interface OpsQueueChange {
  queue: 'feedback' | 'redemptions';
}

/** An approval's new state; the action's name says which roles' queues show it. */
export interface ApprovalChange {
  id: string;
  action: string;
  status: 'pending' | 'approved' | 'rejected' | 'failed';
}

export type ChangeKind = keyof ChangeMap;

/** One recorded change: its kind and value. */
export type Change = { [K in ChangeKind]: { kind: K; change: ChangeMap[K] } }[ChangeKind];

/** A committed change of a wallet, for the `balance` socket event. */
export interface BalanceChange {
  memberId: string;
  wallet: string;
  balance: bigint;
  /** The ledger entry that set it: grows with every movement, the event's `seq`. */
  entryId: string;
}

/** A salary accrual or settlement, for the agent's `salary` socket event. */
export interface SalaryChange {
  agentId: string;
  event: SalaryEvent;
}

/** The stored contract, both parties' ids and accounts; each party's view is derived from it. */
export type ContractRecord = Omit<ContractView, 'role' | 'actions'>;

export interface ContractChange {
  contracts: ContractRecord[];
}

export interface WithdrawalChange {
  withdrawal: WithdrawalView;
  memberId: string;
}

export interface MessageChange {
  memberIds: readonly string[];
  reason: MessageEvent['reason'];
}

export interface RewardChange {
  memberId: string;
  reason: RewardEvent['reason'];
}

export interface VipChange {
  memberId: string;
  level: number;
  version: number;
  /** An upgrade bonus went to the reward centre. */
  rewarded: boolean;
}

export interface AnnouncementChange {
  version: number;
  /** Null: everyone's pages; else only these members'. */
  memberIds: string[] | null;
}

export interface RgChange {
  memberId: string;
  /** The settings' version after the change: the event's seq. */
  version: number;
}

export interface SessionsEnded {
  sessionIds: string[];
  reason: string;
}

/** A committed change of a chat, for the realtime layer to publish (never from a transaction). */
export type ChatChange =
  | { kind: 'message'; message: ChatMessage; room: ChatRoomView; roomId: string }
  | { kind: 'read'; room: ChatRoomView; roomId: string; side: ChatSide }
  | { kind: 'room'; room: ChatRoomView; roomId: string }
  /** A staff member switched between available and away. */
  | { kind: 'availability' };
