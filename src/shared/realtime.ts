import type { AnnouncementEvent } from './announcements';
import type {
  ContractEventType,
  ContractRequest,
  ContractStatus,
  ContractTerms,
  ContractType,
  StoredContractState,
} from './contracts';
import type { WinnerEntry } from './games';
import type { MessageEvent } from './messages';
import type { RewardEvent } from './rewards';
import type { RgEvent } from './responsibleGaming';
import type { VipEvent } from './vip';
import type { SystemStatusCode } from './system';
import type { WithdrawalSocketEvent } from './withdrawals';

/**
 * The socket.io event map (ARCHITECTURE, Realtime), declared once for server and browser.
 * Every state-like event carries a `seq` that grows per room, so a client drops stale events.
 */
export interface SystemEvent {
  status: SystemStatusCode;
  maintenanceEnd: string | null;
  seq: number;
}

/** The session of this tab was ended on the server (logout elsewhere, password change). */
export interface SessionEvent {
  reason: string;
}

/** A committed movement of one wallet of this member (ARCHITECTURE, Realtime). */
export interface BalanceEvent {
  wallet: string;
  /** Decimal string, minor units never as floats. */
  balance: string;
  currency: string;
  /** The ledger entry id: grows with every movement of the wallet. */
  seq: number;
}

/**
 * An agent's salary for one period moved (ARCHITECTURE, Realtime): `accrued` is the period's
 * running total (a decimal string); `settled` once it was paid into the wallet.
 */
export interface SalaryEvent {
  contractType: string;
  accrued: string;
  periodStart: string;
  periodEnd: string;
  settled: boolean;
  seq: number;
}

type ActionName<T> = T extends `contract.${infer Action}` ? Action : never;
/** The contract machine's events by their wire names ("contract.accept" → "accept"). */
export type ContractAction = ActionName<ContractEventType>;
/** The caller's side of a contract. */
export type ContractSide = 'upline' | 'downline';

export interface ContractParty {
  id: string;
  account: string;
  nickname: string;
}

/**
 * One upline–downline contract as one of its parties sees it (HTTP answers and the `contract`
 * socket event; declared here because src/shared/contracts holds the machine only).
 */
export interface ContractView {
  id: string;
  contractType: ContractType;
  /** The machine's state (src/shared/contracts/lifecycle.ts). */
  state: StoredContractState;
  /** Spec 4's status, and what an "in process" contract waits for. */
  status: ContractStatus;
  request: ContractRequest | null;
  /** As offered; the rate in canonical form ("1.50"), amounts as money strings. */
  terms: ContractTerms;
  upline: ContractParty;
  downline: ContractParty;
  /** The side of the member this view was made for. */
  role: ContractSide;
  /** What that side may do now (the buttons): exactly what the server accepts from it. */
  actions: ContractAction[];
  /** The accepted lower-rate contract that ended this one. */
  supersededBy: string | null;
  createdAt: string;
  updatedAt: string;
  /** When it took effect (accepted), and when it stopped (terminated or superseded). */
  approvedAt: string | null;
  endedAt: string | null;
  /** Grows with every change of any contract: the seq of the `contract` event. */
  version: number;
}

/** A per-type relay's reading: the member's open and in-effect contracts of the type. */
export interface CurrentContracts {
  contractType: ContractType;
  asUpline: ContractView[];
  asDownline: ContractView[];
}

/**
 * What an agent may offer per contract type (issue 11): the platform's cap, the rate it holds
 * itself (operator-set, else its upline's contract), and the lower of the two.
 */
export type ContractLimitsView = Record<ContractType, { cap: string; held: string; max: string }>;

/** One of an agent's direct downlines (whom it can offer a contract to). */
export interface Downline {
  id: string;
  account: string;
  nickname: string;
  /** Member type: agent types 1, 2, 41, 42; trial 4 (cannot hold a contract); player 0. */
  type: number;
  /** On a time-out or self-excluded (issue 17): nothing may be offered to them; no details. */
  excluded: boolean;
}

export interface ServerToClientEvents {
  /** The agent's salary of a period moved (agent room only). */
  salary: (event: SalaryEvent) => void;
  /** One wallet of this member moved (a committed ledger entry; `seq` is the entry's id). */
  balance: (event: BalanceEvent) => void;
  /**
   * A big win of any player (public, masked name): the winner board merges it. A sample while
   * wins keep coming: at most one a second from each server process, the biggest of that
   * second; the rank list (GCSGAME_getRankList) is complete.
   */
  winner: (event: WinnerEntry) => void;
  /** One of this member's withdrawals changed state (its `version` is the seq). */
  withdrawal: (event: WithdrawalSocketEvent) => void;
  /** A contract of this member changed (both parties hear it, each with its own view). */
  contract: (event: ContractView) => void;
  /** This member's inbox changed: the page fetches the unread count (and the list) again. */
  message: (event: MessageEvent) => void;
  /** This member's rewards or bonus lock changed: the page fetches the reward summary again. */
  reward: (event: RewardEvent) => void;
  /** This member's VIP level changed (`seq` grows with each change). */
  vip: (event: VipEvent) => void;
  /** This member's responsible-gaming settings changed: the page fetches them again. */
  rg: (event: RgEvent) => void;
  /** The site's status changed: maintenance on or off, or its end time (public room). */
  system: (event: SystemEvent) => void;
  /** The operator's announcements changed (public room, or the members it is for). */
  announcement: (event: AnnouncementEvent) => void;
  /** This tab's session was ended on the server (logout elsewhere, a password change). */
  session: (event: SessionEvent) => void;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- socket.io wants an (empty) map type here.
export type ClientToServerEvents = {};

export const SOCKET_PATH = '/socket.io';
