/**
 * Responsible gaming's settings (issue 17): the money limits' kinds and periods, the bounds of
 * the session-time limit and the session break, the reality check's intervals, and the
 * defaults the operator may configure otherwise.
 */

export const RG_LIMIT_KINDS = ['deposit', 'loss', 'wager'] as const;
export type RgLimitKind = (typeof RG_LIMIT_KINDS)[number];

export const RG_PERIODS = ['day', 'week', 'month'] as const;
export type RgPeriod = (typeof RG_PERIODS)[number];

/** The session-time limit's bounds, in minutes (a quarter of an hour to a day). */
export const SESSION_LIMIT_MINUTES = { min: 15, max: 24 * 60 } as const;

/** The reality check's intervals a player chooses from, in minutes (or none). */
export const REALITY_CHECK_MINUTES = [15, 30, 45, 60, 90, 120] as const;

/** How long a raise or a removal waits unless the operator configures otherwise. */
export const DEFAULT_COOLING_OFF_HOURS = 24;

/**
 * The break after a sitting reached the session limit, unless the operator configures
 * otherwise (`responsibleGaming.sessionBreakMinutes`): no login until it has passed, and a
 * sitting only ends after this long with no session open (docs/decisions.md, issue 17).
 */
export const DEFAULT_SESSION_BREAK_MINUTES = 60;
/** The break's bounds the configuration accepts, in minutes. */
export const SESSION_BREAK_MINUTES = { min: 15, max: 24 * 60 } as const;
