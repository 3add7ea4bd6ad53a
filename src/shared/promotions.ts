import { assign, setup, transition } from 'xstate';

/**
 * A member's part in one promotion (issue 14, spec 4 activity statuses), one definition for the
 * page and the server, as the withdrawal and contract lifecycles are: the page offers only the
 * events the current state accepts; the server replays the stored state, sends the event, and
 * refuses it when the machine does (no other copy of the rules).
 *
 * Spec 4 names the statuses (applying, rejected, issued, claimed, process, joined, closed,
 * coming soon, signed) and not their transitions; these are ours (docs/decisions.md):
 *
 * - `comingSoon` and `open`/`closed` of the promotion itself are the catalogue's, not a member's
 *   (`promotionPhaseOf`); a member's lifecycle starts at `none`.
 * - `signed`: opted in before the qualifying action (a deposit bonus is signed before the
 *   deposit it applies to). `joined`: taking part with nothing earned yet (a raffle's tickets, a
 *   mission in progress). `applying`: asked for a reward the operator reviews.
 * - `issued`: the reward waits in the reward centre. Claiming moves the money: to `claimed`
 *   when nothing is to be wagered, else to `process` while the wagering requirement runs (the
 *   bonus is locked), then to `closed` when it is met, or forfeited when the member cancels.
 * - `rejected` (the operator refused) and `closed` (done, forfeited, or expired when the
 *   promotion ended before the reward was claimed) are final; so is `claimed`.
 */
export const PROMOTION_STATES = [
  'none',
  'signed',
  'joined',
  'applying',
  'rejected',
  'issued',
  'claimed',
  'process',
  'closed',
] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];

export type PromotionEvent =
  | { type: 'promotion.sign' }
  | { type: 'promotion.join' }
  | { type: 'promotion.apply' }
  /** `wagering`: the reward issued carries a wagering requirement (turnover × n) once claimed. */
  | { type: 'promotion.approve'; wagering: boolean }
  | { type: 'promotion.reject' }
  | { type: 'promotion.qualify'; wagering: boolean }
  | { type: 'promotion.claim' }
  | { type: 'promotion.wageringMet' }
  | { type: 'promotion.forfeit' }
  | { type: 'promotion.expire' };

export type PromotionEventType = PromotionEvent['type'];

/** How a participation ended, when it has: what `closed` alone would not say. */
export type PromotionOutcome = 'unlocked' | 'forfeited' | 'expired';

export interface PromotionContext {
  /** The issued reward carries a wagering requirement (turnover × n) once claimed. */
  wagering: boolean;
  outcome: PromotionOutcome | null;
}

export const emptyPromotionContext: PromotionContext = { wagering: false, outcome: null };

/** Who may send each event: the member, the operator, or the platform itself. */
export const promotionEventRoles = {
  'promotion.sign': 'member',
  'promotion.join': 'member',
  'promotion.apply': 'member',
  'promotion.claim': 'member',
  'promotion.forfeit': 'member',
  'promotion.approve': 'operator',
  'promotion.reject': 'operator',
  'promotion.qualify': 'system',
  'promotion.wageringMet': 'system',
  'promotion.expire': 'system',
} as const satisfies Record<PromotionEventType, 'member' | 'operator' | 'system'>;

export type PromotionRole = (typeof promotionEventRoles)[PromotionEventType];

const expired = { target: 'closed', actions: 'endExpired' } as const;
/** The reward is issued with its terms: whether it must be wagered once claimed. */
const issue = { target: 'issued', actions: 'issue' } as const;

export const promotionParticipationMachine = setup({
  types: { context: {} as PromotionContext, events: {} as PromotionEvent },
  guards: { wagering: ({ context }) => context.wagering },
  actions: {
    issue: assign({
      wagering: ({ event }) =>
        (event.type === 'promotion.qualify' || event.type === 'promotion.approve') &&
        event.wagering,
    }),
    endExpired: assign({ outcome: 'expired' as const }),
    endUnlocked: assign({ outcome: 'unlocked' as const }),
    endForfeited: assign({ outcome: 'forfeited' as const }),
  },
}).createMachine({
  id: 'promotionParticipation',
  initial: 'none',
  context: emptyPromotionContext,
  states: {
    none: {
      on: {
        'promotion.sign': 'signed',
        'promotion.join': 'joined',
        'promotion.apply': 'applying',
        // A reward that needs no opt-in (a sign-up bonus, a VIP upgrade bonus) is issued directly.
        'promotion.qualify': issue,
      },
    },
    signed: {
      on: {
        'promotion.qualify': issue,
        'promotion.apply': 'applying',
        'promotion.expire': expired,
      },
    },
    joined: {
      on: {
        'promotion.qualify': issue,
        'promotion.apply': 'applying',
        'promotion.expire': expired,
      },
    },
    applying: {
      on: {
        'promotion.approve': issue,
        'promotion.reject': 'rejected',
        'promotion.expire': expired,
      },
    },
    issued: {
      on: {
        'promotion.claim': [{ guard: 'wagering', target: 'process' }, { target: 'claimed' }],
        'promotion.expire': expired,
      },
    },
    // The bonus is credited and locked until the turnover is reached.
    process: {
      on: {
        'promotion.wageringMet': { target: 'closed', actions: 'endUnlocked' },
        'promotion.forfeit': { target: 'closed', actions: 'endForfeited' },
      },
    },
    rejected: { type: 'final' },
    claimed: { type: 'final' },
    closed: { type: 'final' },
  },
});

const snapshotAt = (state: PromotionState, context: PromotionContext = emptyPromotionContext) =>
  promotionParticipationMachine.resolveState({ value: state, context });

/**
 * The state and context after `event`, or null when the machine refuses it: the server stores
 * what this returns (under a row lock, so two parallel claims cannot both pass).
 */
export function nextPromotionState(
  state: PromotionState,
  context: PromotionContext,
  event: PromotionEvent,
): { state: PromotionState; context: PromotionContext } | null {
  const current = snapshotAt(state, context);
  if (!current.can(event)) return null;
  const [next] = transition(promotionParticipationMachine, current, event);
  return { state: String(next.value) as PromotionState, context: next.context };
}

/** A well-formed event of each type, so that only the state decides in `promotionActionsIn`. */
function sampleEvent(type: PromotionEventType): PromotionEvent {
  return type === 'promotion.qualify' || type === 'promotion.approve'
    ? { type, wagering: false }
    : { type };
}

/** The events `role` may send in `state`: what the page offers as buttons. */
export function promotionActionsIn(
  state: PromotionState,
  role: PromotionRole,
  context: PromotionContext = emptyPromotionContext,
): PromotionEventType[] {
  const current = snapshotAt(state, context);
  return (Object.keys(promotionEventRoles) as PromotionEventType[]).filter(
    (type) => promotionEventRoles[type] === role && current.can(sampleEvent(type)),
  );
}

/** Whether `role` may send `event` at all (whatever the state): the server's first check. */
export function mayPromotionRole(role: PromotionRole, event: PromotionEventType): boolean {
  return promotionEventRoles[event] === role;
}

/** The promotion's own phase, from its period and the operator's close (spec 4 coming soon). */
export type PromotionPhase = 'comingSoon' | 'open' | 'closed';

export function promotionPhaseOf(
  period: { start: string; end: string | null; closedAt: string | null },
  now: Date,
): PromotionPhase {
  if (period.closedAt !== null && Date.parse(period.closedAt) <= now.getTime()) return 'closed';
  if (now.getTime() < Date.parse(period.start)) return 'comingSoon';
  if (period.end !== null && now.getTime() >= Date.parse(period.end)) return 'closed';
  return 'open';
}

/**
 * The status a member sees on a promotion's card (spec 4's names): the promotion's phase until
 * the member takes part, then the member's own state.
 */
export type PromotionStatus =
  | 'comingSoon'
  | 'open'
  | 'closed'
  | 'signed'
  | 'joined'
  | 'applying'
  | 'rejected'
  | 'issued'
  | 'claimed'
  | 'process';

export function promotionStatusOf(phase: PromotionPhase, state: PromotionState): PromotionStatus {
  return state === 'none' ? phase : state;
}

// ---- The catalogue: what the operator defines and the page lists ----------------------------

/** Spec 1's promotion lines the engine knows (issue 14). */
export const PROMOTION_TYPES = [
  'depositBonus',
  'signupBonus',
  'rebate',
  'raffle',
  'missionReward',
  'referralReward',
  'vipUpgradeBonus',
  // A fixed bonus the member applies for and the operator reviews (approve or reject).
  'appliedBonus',
] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];

/** Who a promotion is for. */
export type PromotionAudience =
  | { kind: 'all' }
  /** Members registered at most `days` days ago. */
  | { kind: 'newMembers'; days: number }
  | { kind: 'vipAtLeast'; level: number }
  /** The direct and indirect downlines of one agent. */
  | { kind: 'agentTeam'; agent: string };

/** A promotion as the page lists it, in the asked language (English where it has none). */
export interface PromotionView {
  code: string;
  type: PromotionType;
  title: string;
  summary: string;
  /** HTML written by the operator; the page sanitises it before showing it. */
  terms: string;
  /** A site path or an https URL, or null. */
  banner: string | null;
  startsAt: string;
  endsAt: string | null;
  phase: PromotionPhase;
  /** The phase for a guest or a member who has not taken part; else the member's own state. */
  status: PromotionStatus;
  /** The member's state in it (`none` before taking part); null for a guest. */
  state: PromotionState | null;
}

export interface PromotionList {
  items: PromotionView[];
  /** Open promotions this member (or a guest) may still take part in: spec 3's count. */
  availablePromoCount: number;
  /** `availablePromoCount` under the name this call first used (kept for its clients). */
  availableCount: number;
  /**
   * Spec 3 `availablePromo`: whether a referral promotion is open to this visitor (the header
   * shows Rewards to a member only then, spec 2).
   */
  availablePromo: { type: 'REFERRAL'; enabled: boolean }[];
}

/**
 * How a member opts in to a promotion of each type from its card, or null when there is
 * nothing to opt in to (a sign-up or VIP bonus is issued by itself; a rebate accrues on play).
 */
export function promotionOptInEvent(type: PromotionType): PromotionOptInEvent | null {
  switch (type) {
    case 'depositBonus':
      return 'promotion.sign';
    case 'raffle':
    case 'missionReward':
      return 'promotion.join';
    case 'appliedBonus':
      return 'promotion.apply';
    default:
      return null;
  }
}

export type PromotionOptInEvent = 'promotion.sign' | 'promotion.join' | 'promotion.apply';
/** The opt-in's path segment: POST /wps/promotions/:code/<action>. */
export type PromotionOptIn = 'sign' | 'join' | 'apply';
export const PROMOTION_OPT_INS = ['sign', 'join', 'apply'] as const satisfies PromotionOptIn[];
export const optInActionOf = (event: PromotionOptInEvent): PromotionOptIn =>
  event.slice('promotion.'.length) as PromotionOptIn;
