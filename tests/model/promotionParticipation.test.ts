import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  emptyPromotionContext,
  mayPromotionRole,
  nextPromotionState,
  PROMOTION_STATES,
  promotionActionsIn,
  type PromotionContext,
  type PromotionEvent,
  type PromotionEventType,
  promotionEventRoles,
  promotionParticipationMachine,
  promotionPhaseOf,
  type PromotionRole,
  type PromotionState,
  promotionStatusOf,
  PROMOTION_TYPES,
  promotionOptInEvent,
  optInActionOf,
  PROMOTION_OPT_INS,
} from '../../src/shared/promotions';
import { promotionParticipationPaths } from '../../src/shared/promotions.paths';
import { testModelOf, graphOf, pathsOf } from './support/pathModel';

/**
 * A member's part in a promotion (issue 14, spec 4 activity statuses), walked model-based as
 * the withdrawal and contract lifecycles are: every path of the machine on a real actor, the
 * server's replay (`nextPromotionState`) agreeing at each step, and the legal moves written out
 * independently of the machine. Rewards are issued with and without a wagering requirement, so
 * both ways out of `issued` are walked.
 */
/** Every move with each of its variants: the refusal check sends each in every state. */
const events: PromotionEvent[] = [
  { type: 'promotion.sign' },
  { type: 'promotion.join' },
  { type: 'promotion.apply' },
  { type: 'promotion.approve', wagering: false },
  { type: 'promotion.approve', wagering: true },
  { type: 'promotion.reject' },
  { type: 'promotion.qualify', wagering: false },
  { type: 'promotion.qualify', wagering: true },
  { type: 'promotion.claim' },
  { type: 'promotion.wageringMet' },
  { type: 'promotion.forfeit' },
  { type: 'promotion.expire' },
];

/**
 * The walk: the machine's one model (src/shared/promotions.paths.ts, the same the paths tool
 * walks on a site), on a real actor; the machine has no invocations or delays.
 */
const model = testModelOf(promotionParticipationPaths);

/** The legal moves, written out from the lifecycle's description; everything else is refused. */
const allowed: Record<PromotionState, PromotionEventType[]> = {
  none: ['promotion.sign', 'promotion.join', 'promotion.apply', 'promotion.qualify'],
  signed: ['promotion.qualify', 'promotion.apply', 'promotion.expire'],
  joined: ['promotion.qualify', 'promotion.apply', 'promotion.expire'],
  applying: ['promotion.approve', 'promotion.reject', 'promotion.expire'],
  issued: ['promotion.claim', 'promotion.expire'],
  process: ['promotion.wageringMet', 'promotion.forfeit'],
  rejected: [],
  claimed: [],
  closed: [],
};

const EVENT_TYPES = Object.keys(promotionEventRoles) as PromotionEventType[];
const ROLES: PromotionRole[] = ['member', 'operator', 'system'];

describe('promotion participation (model-based)', () => {
  const paths = pathsOf(() => [...model.getShortestPaths(), ...model.getSimplePaths()]);

  it('keeps the graph the model documents', async () => {
    await expect(graphOf(model)).toMatchFileSnapshot('graphs/promotionParticipation.txt');
  });

  it('has exactly the documented states, and the paths reach every one', () => {
    expect(Object.keys(promotionParticipationMachine.states).sort()).toEqual(
      [...PROMOTION_STATES].sort(),
    );
    const reached = new Set(
      paths.flatMap((path) => path.steps.map((step) => String(step.state.value))),
    );
    expect([...reached].sort()).toEqual([...PROMOTION_STATES].sort());
  });

  it(`follows all ${paths.length} paths on a real actor, and the server's replay agrees at every step`, () => {
    for (const path of paths) {
      const actor = createActor(promotionParticipationMachine).start();
      let stored: { state: PromotionState; context: PromotionContext } = {
        state: 'none',
        context: emptyPromotionContext,
      };
      let wagered: boolean | null = null;
      for (const step of path.steps) {
        const event = step.event as PromotionEvent | { type: 'xstate.init' };
        if (event.type !== 'xstate.init') {
          const next = nextPromotionState(stored.state, stored.context, event);
          expect(next, `${path.description}: ${event.type}`).not.toBeNull();
          stored = next!;
          if (event.type === 'promotion.qualify' || event.type === 'promotion.approve')
            wagered = event.wagering;
          actor.send(event);
        }
        const state = String(step.state.value) as PromotionState;
        const snapshot = actor.getSnapshot();
        expect(snapshot.value, path.description).toBe(state);
        expect(stored, path.description).toEqual({ state, context: snapshot.context });
        // What each state means.
        const final = ['rejected', 'claimed', 'closed'].includes(state);
        expect(snapshot.status, path.description).toBe(final ? 'done' : 'active');
        // A claimed reward had nothing to wager; one in process had something.
        if (state === 'claimed') expect(wagered).toBe(false);
        if (state === 'process') expect(wagered).toBe(true);
        if (state === 'closed') expect(snapshot.context.outcome).not.toBeNull();
        else expect(snapshot.context.outcome).toBeNull();
      }
    }
  });

  it('refuses every move the lifecycle does not allow, in every state', () => {
    for (const state of PROMOTION_STATES) {
      for (const wagering of [false, true]) {
        const context: PromotionContext = { wagering, outcome: null };
        for (const event of events) {
          const next = nextPromotionState(state, context, event);
          const legal = allowed[state].includes(event.type);
          expect(next !== null, `${state} + ${event.type}`).toBe(legal);
        }
      }
    }
  });

  it('pays a reward once: a second claim, or a claim after it expired, is refused', () => {
    const issued = nextPromotionState('none', emptyPromotionContext, {
      type: 'promotion.qualify',
      wagering: true,
    })!;
    const claimed = nextPromotionState(issued.state, issued.context, { type: 'promotion.claim' })!;
    expect(claimed.state).toBe('process');
    expect(nextPromotionState(claimed.state, claimed.context, { type: 'promotion.claim' })).toBe(
      null,
    );
    const expired = nextPromotionState(issued.state, issued.context, { type: 'promotion.expire' })!;
    expect(expired).toEqual({
      state: 'closed',
      context: { wagering: true, outcome: 'expired' },
    });
    expect(nextPromotionState(expired.state, expired.context, { type: 'promotion.claim' })).toBe(
      null,
    );
    // Forfeiting is the member's way out of a locked bonus, and only of one.
    const forfeited = nextPromotionState(claimed.state, claimed.context, {
      type: 'promotion.forfeit',
    })!;
    expect(forfeited.context.outcome).toBe('forfeited');
    expect(nextPromotionState('issued', issued.context, { type: 'promotion.forfeit' })).toBe(null);
  });

  it('offers each side only its own moves, and only where the state allows them', () => {
    for (const state of PROMOTION_STATES) {
      for (const role of ROLES) {
        const offered = promotionActionsIn(state, role);
        const expected = allowed[state].filter((type) => promotionEventRoles[type] === role);
        expect(offered.sort(), `${state} as ${role}`).toEqual(expected.sort());
      }
    }
    for (const type of EVENT_TYPES) {
      expect(ROLES.filter((role) => mayPromotionRole(role, type))).toHaveLength(1);
    }
    // A member can never issue, approve or unlock a reward for themselves.
    for (const type of [
      'promotion.qualify',
      'promotion.approve',
      'promotion.reject',
      'promotion.wageringMet',
      'promotion.expire',
    ] as const) {
      expect(mayPromotionRole('member', type), type).toBe(false);
    }
  });

  it('shows the promotion’s phase until the member takes part, then the member’s status', () => {
    const period = {
      start: '2026-12-01T00:00:00Z',
      end: '2026-12-31T00:00:00Z',
      closedAt: null as string | null,
    };
    expect(promotionPhaseOf(period, new Date('2026-11-30T23:59:59Z'))).toBe('comingSoon');
    expect(promotionPhaseOf(period, new Date('2026-12-01T00:00:00Z'))).toBe('open');
    expect(promotionPhaseOf(period, new Date('2026-12-31T00:00:00Z'))).toBe('closed');
    expect(promotionPhaseOf({ ...period, end: null }, new Date('2030-01-01T00:00:00Z'))).toBe(
      'open',
    );
    expect(
      promotionPhaseOf(
        { ...period, closedAt: '2026-12-10T00:00:00Z' },
        new Date('2026-12-11T00:00:00Z'),
      ),
    ).toBe('closed');
    // An operator's close takes effect at its time, not before.
    const closing = { ...period, closedAt: '2026-12-10T00:00:00Z' };
    expect(promotionPhaseOf(closing, new Date('2026-12-09T23:59:59Z'))).toBe('open');
    expect(promotionPhaseOf(closing, new Date('2026-12-10T00:00:00Z'))).toBe('closed');
    expect(promotionStatusOf('comingSoon', 'none')).toBe('comingSoon');
    expect(promotionStatusOf('open', 'none')).toBe('open');
    expect(promotionStatusOf('open', 'process')).toBe('process');
    expect(promotionStatusOf('closed', 'issued')).toBe('issued');
  });
});

describe('promotion opt-ins', () => {
  it('opts in by the promotion line: sign, join, apply, or nothing to opt in to', () => {
    expect(
      Object.fromEntries(PROMOTION_TYPES.map((type) => [type, promotionOptInEvent(type)])),
    ).toEqual({
      depositBonus: 'promotion.sign',
      signupBonus: null,
      rebate: null,
      raffle: 'promotion.join',
      missionReward: 'promotion.join',
      referralReward: null,
      vipUpgradeBonus: null,
      appliedBonus: 'promotion.apply',
    });
    expect(
      (['promotion.sign', 'promotion.join', 'promotion.apply'] as const).map(optInActionOf),
    ).toEqual([...PROMOTION_OPT_INS]);
  });
});
