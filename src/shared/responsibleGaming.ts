/**
 * Responsible gaming (issue 17): the rules the page and the server share. Limits a player sets
 * on deposits, losses (net of wins) and wagers per day, week and month, a session-time limit,
 * the reality check's interval, time-outs and self-exclusion. The server enforces; the page
 * shows the same rules (what is pending, when it applies, what is left) from this one module.
 *
 * Amounts are minor units (bigint) here, decimal strings on the wire; minutes are integers.
 *
 * The rules live in responsibleGaming/ by subject, and this module exports them all: the
 * settings' choices and bounds (`settings.ts`), time-outs and self-exclusion (`exclusions.ts`),
 * the money limits and the cooling-off delay (`limits.ts`), time zones and periods
 * (`periods.ts`), sessions and the reality check (`sessions.ts`), and the API's shapes
 * (`shapes.ts`).
 */
export * from './responsibleGaming/settings';
export * from './responsibleGaming/exclusions';
export * from './responsibleGaming/limits';
export * from './responsibleGaming/periods';
export * from './responsibleGaming/sessions';
export * from './responsibleGaming/shapes';
