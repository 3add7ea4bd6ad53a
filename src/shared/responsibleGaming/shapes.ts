/**
 * Responsible gaming's API shapes (issue 17): the settings and the session as the page gets
 * them, what a refusal carries, the `rg` socket event, and a limit change the page sends.
 * Amounts are decimal strings, instants ISO strings, minutes integers.
 */
import type { ExclusionKind } from './exclusions';
import type { RgLimitKind, RgPeriod } from './settings';

/** One money limit as the page shows it. */
export interface LimitView {
  kind: RgLimitKind;
  period: RgPeriod;
  /** In force now; null: none. */
  limit: string | null;
  /** Used this period (deposits, net loss, wagers), never below zero. */
  used: string;
  /** What the limit leaves this period; null without a limit. */
  left: string | null;
  /** When this period ends in the player's time zone. */
  resetsAt: string;
  /** A raise or removal waiting for the cooling-off delay (limit null: removal). */
  pending: { limit: string | null; at: string } | null;
}

export interface ExclusionView {
  kind: ExclusionKind;
  startedAt: string;
  /** Null: permanent. */
  endsAt: string | null;
}

export type RgActor = 'member' | 'operator';

/** One recorded change: who, when, what, from what to what, and when it applies. */
export interface RgHistoryItem {
  at: string;
  actor: RgActor;
  /** `limit.deposit.day`, `sessionLimit`, `realityCheck`, `timeZone`, `exclusion`. */
  subject: string;
  old: string | null;
  new: string | null;
  effectiveAt: string;
}

export interface RgStatus {
  /** The zone periods are counted in (UTC until the page sends the device's). */
  timeZone: string;
  /** Whether the member ever stored one (the page sends the device's when not). */
  timeZoneSet: boolean;
  pendingTimeZone: { timeZone: string; at: string } | null;
  limits: LimitView[];
  /** Minutes; null: none. */
  sessionLimit: number | null;
  pendingSessionLimit: { minutes: number | null; at: string } | null;
  realityCheckMinutes: number | null;
  coolingOffHours: number;
  /** The break after the session limit (minutes, the operator's setting). */
  sessionBreakMinutes: number;
  history: RgHistoryItem[];
  /** Grows with every change: the `rg` socket event's seq. */
  seq: number;
}

/** The current login session, for the reality check and the session limit. */
export interface RgSession {
  /** This login. */
  startedAt: string;
  /** The sitting this login belongs to: the session limit counts from here. */
  sittingStartedAt: string;
  /** The break after the session limit (minutes). */
  sessionBreakMinutes: number;
  /** The server's clock when answering: the page corrects its own by the difference. */
  serverNow: string;
  realityCheckMinutes: number | null;
  sessionLimit: number | null;
  /** Real bets of this session (since the login). */
  wagered: string;
  won: string;
  /** won − wagered: negative when the session lost. */
  net: string;
  timeZone: string;
  timeZoneSet: boolean;
  seq: number;
}

/** What a refused login, deposit or launch of an excluded member carries. */
export interface ExclusionRefusal {
  kind: ExclusionKind;
  /** Null: permanent. */
  endsAt: string | null;
}

/** What a login refused during the break after a session limit carries. */
export interface SessionBreakRefusal {
  /** The session limit reached, in minutes. */
  minutes: number;
  endsAt: string;
}

/** What a game or a launch refused at the session limit carries. */
export interface SessionLimitRefusal {
  minutes: number;
  /** When the member may log in again. */
  breakEndsAt: string;
}

/** The `rg` socket event: the member's settings changed; the page fetches them again. */
export interface RgEvent {
  seq: number;
}

/** A limit change the page sends (limit null: remove). */
export interface LimitChange {
  kind: RgLimitKind;
  period: RgPeriod;
  limit: string | null;
}
