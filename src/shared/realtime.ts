import type { WinnerEntry } from './games';
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

export interface ServerToClientEvents {
  balance: (event: BalanceEvent) => void;
  /** A big win of any player (public, masked name): the winner board merges it. */
  winner: (event: WinnerEntry) => void;
  /** One of this member's withdrawals changed state (its `version` is the seq). */
  withdrawal: (event: WithdrawalSocketEvent) => void;
  system: (event: SystemEvent) => void;
  session: (event: SessionEvent) => void;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- socket.io wants an (empty) map type here.
export type ClientToServerEvents = {};

export const SOCKET_PATH = '/socket.io';
