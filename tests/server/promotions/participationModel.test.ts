import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import {
  emptyPromotionContext,
  nextPromotionState,
  type PromotionContext,
  type PromotionEvent,
  type PromotionEventType,
  type PromotionList,
  promotionOptInEvent,
  promotionParticipationMachine,
  type PromotionState,
  promotionStatusOf,
} from '../../../src/shared/promotions';
import type { RewardList, RewardSummary } from '../../../src/shared/rewards';
import { creditDeposit } from '../../../server/domain/payments/deposits';
import { drawDueRaffles } from '../../../server/domain/raffles/raffles';
import { expireRewards } from '../../../server/domain/rewards/expiry';
import { launchFirstSlot } from '../../support/gameClient';
import { bearer, loginToken } from '../../support/identityClient';
import { grant, ledgerSum, newKey, opsCall } from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/**
 * A member's part in a promotion (issue 14) walked model-based through the real server, as the
 * contract lifecycle is (tests/server/contracts/contractModel.test.ts): every shortest and
 * simple path of `promotionParticipationMachine` over the events the API drives today becomes
 * the calls that send them, each path with a member and a promotion of its own; after every step
 * the state the promotions page shows and the stored participation must be what
 * `nextPromotionState` predicts, and once per state every driven event the machine refuses is
 * refused by the API (or, for the system's events, changes nothing).
 *
 * How each event is driven:
 * - `sign` (member): POST /wps/promotions/<code>/sign on a deposit bonus.
 * - `join` (member): POST /wps/promotions/<code>/join on a raffle.
 * - `apply` (member): POST /wps/promotions/<code>/apply on an operator-reviewed bonus.
 * - `approve`, `reject` (operator): POST /ops/applications (`npm run ops -- promotion
 *   approve|reject`); the approval's wagering (0 or 1 × the bonus) is the terms'.
 * - `qualify` (system): a deposit of the bonus's minimum, credited; the terms' wagering
 *   multiplier (0 or 1) decides whether the reward issued carries a requirement.
 * - `claim` (member): POST /wps/rewards/<id>/claim on the promotion's waiting reward.
 * - `wageringMet` (system): real spins until the reward centre shows no bonus being wagered.
 * - `forfeit` (member): POST /wps/rewards/bonus/forfeit.
 * - `expire` (system): the reward-expiry job once the clock has passed the issued reward's end;
 *   from `signed` or `applying`, the same job once the operator has closed the promotion; from
 *   `joined`, the raffle's draw with no ticket bought.
 *
 * Not driven, so the paths using them are left out: `qualify` from `none` (a sign-up bonus at
 * registration, a VIP upgrade promotion: tests/server/promotions/rewards.test.ts and vip.test.ts
 * cover those) and from `joined` (a raffle's win: raffles.test.ts); `apply` after `sign` or
 * `join` (the promotions that take those opt-ins take no application).
 */
const events: PromotionEvent[] = [
  { type: 'promotion.sign' },
  { type: 'promotion.join' },
  { type: 'promotion.apply' },
  { type: 'promotion.approve', wagering: false },
  { type: 'promotion.approve', wagering: true },
  { type: 'promotion.reject' },
  { type: 'promotion.expire' },
  { type: 'promotion.qualify', wagering: false },
  { type: 'promotion.qualify', wagering: true },
  { type: 'promotion.claim' },
  { type: 'promotion.wageringMet' },
  { type: 'promotion.forfeit' },
];

/**
 * Whether the API can send `event` in `from` (see above): only a deposit bonus qualifies; only
 * an operator-reviewed bonus takes an application, from the start.
 */
const drivable = (from: PromotionState, event: PromotionEvent) =>
  events.some((driven) => driven.type === event.type) &&
  (event.type !== 'promotion.qualify' || from === 'signed') &&
  (event.type !== 'promotion.apply' || from === 'none');

interface Stored {
  state: PromotionState;
  context: PromotionContext;
}
interface Step extends Stored {
  event: PromotionEvent;
}

// The machine's other events are walked too (the graph sends every event a state accepts, with
// the payloads given here where it has them): a path is cut where it first needs one the API
// cannot send, and what is left is run unless a longer path runs it (as the graph itself keeps
// no path that is the start of another).
const model = createTestModel(promotionParticipationMachine, { events });
const generated = [...model.getShortestPaths(), ...model.getSimplePaths()].map((path) => {
  const steps: Step[] = [];
  for (const step of path.steps) {
    const event = step.event as PromotionEvent | { type: 'xstate.init' };
    if (event.type === 'xstate.init') continue;
    const from = steps.at(-1)?.state ?? 'none';
    if (!drivable(from, event)) break;
    steps.push({
      event,
      state: String(step.state.value) as PromotionState,
      context: step.state.context,
    });
  }
  return steps;
});
const keyOf = (steps: Step[]) => JSON.stringify(steps.map((step) => step.event));
const unique = [...new Map(generated.map((steps) => [keyOf(steps), steps])).values()];
const paths = unique.filter(
  (steps) =>
    !unique.some(
      (other) =>
        other.length > steps.length && keyOf(other.slice(0, steps.length)) === keyOf(steps),
    ),
);
const describePath = (steps: Step[]) =>
  [
    'none',
    ...steps.map(
      (step) =>
        `${step.event.type.slice('promotion.'.length)}${
          step.event.type === 'promotion.qualify' || step.event.type === 'promotion.approve'
            ? `(wagering ${step.event.wagering})`
            : ''
        } → ${step.state}`,
    ),
  ].join(' ');

/** The deposit that qualifies: 10 % of 10.00 is a 1.00 bonus; (10 + 1) × 1 to wager. */
const DEPOSIT = '10.00';
const BONUS = '1.00';
const REQUIRED = '11.00';

const content = (code: string) => ({ EN: { title: `${code} title`, summary: '', terms: '' } });
type WalkerType = 'depositBonus' | 'raffle' | 'appliedBonus';
const definitionOf = (code: string, type: WalkerType, wagering: boolean) => ({
  code,
  type,
  content: content(code),
  banner: null,
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: null,
  audience: { kind: 'all' },
  terms:
    type === 'raffle'
      ? {
          ticketPer: '100.00',
          drawAt: '2099-01-01T00:00:00Z',
          prizes: [{ amount: '10.00', count: 1 }],
          wageringMultiplier: 1,
        }
      : type === 'appliedBonus'
        ? { amount: BONUS, wageringMultiplier: wagering ? 1 : 0 }
        : { percent: '10', cap: '5.00', minDeposit: DEPOSIT, wageringMultiplier: wagering ? 1 : 0 },
});

/** A path's own member and promotion, and what the steps so far made. */
interface Walker {
  account: string;
  memberId: string;
  token: string;
  code: string;
  type: WalkerType;
  rewardId: string | null;
  launch: string | null;
  /** The operator closed the promotion (to expire what waited on it): no longer listed. */
  ended: boolean;
}

describe.each(engines)('promotion participation through the server on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, {
      config: (base) => ({
        ...base,
        payments: {
          ...base.payments,
          deposit: { ...base.payments.deposit, demoConfirmSeconds: 0 },
          withdrawal: { ...base.payments.withdrawal, demoPaySeconds: null },
        },
      }),
    });
  });
  afterAll(() => server.close());

  const post = (token: string, path: string, json?: unknown) =>
    call(server, path, { method: 'POST', headers: bearer(token), json });
  const get = async <T>(token: string, path: string) => {
    const reply = await call(server, path, { headers: bearer(token) });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    return reply.body.value as T;
  };
  const succeeded = (reply: Awaited<ReturnType<typeof call>>) => {
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    return reply.body.value;
  };

  let made = 0;
  /** A member of its own for one path (one bonus is wagered at a time), with the demo password. */
  async function walkerFor(steps: Step[]): Promise<Walker> {
    made += 1;
    const account = `pmodel${made}`;
    const [row] = await server.deps.db.query<{ id: string }>(
      `insert into members (account, nickname, password_hash, type)
       select $1, $1, password_hash, 0 from members where account = 'player2'
       returning id::text`,
      [account],
    );
    const code = `PMODEL_${made}`;
    const type: WalkerType = steps.some((step) => step.event.type === 'promotion.join')
      ? 'raffle'
      : steps.some((step) => step.event.type === 'promotion.apply')
        ? 'appliedBonus'
        : 'depositBonus';
    const issuing = steps.find(
      (step) => step.event.type === 'promotion.qualify' || step.event.type === 'promotion.approve',
    )?.event;
    const wagering =
      issuing?.type === 'promotion.qualify' || issuing?.type === 'promotion.approve'
        ? issuing.wagering
        : true;
    succeeded(
      await opsCall(server, '/ops/promotions', {
        mode: 'create',
        definition: definitionOf(code, type, wagering),
      }),
    );
    return {
      account,
      memberId: row!.id,
      token: await loginToken(server, account),
      code,
      type,
      rewardId: null,
      launch: null,
      ended: false,
    };
  }

  const review = (walker: Walker, decision: 'approve' | 'reject') =>
    opsCall(server, '/ops/applications', {
      code: walker.code,
      account: walker.account,
      decision,
    });
  const rewardsOf = (walker: Walker) => get<RewardList>(walker.token, '/wps/rewards');
  const promotionRewards = async (walker: Walker) => {
    const [row] = await server.deps.db.query<{ n: number }>(
      `select count(*)::int as n from rewards r join promotions p on p.id = r.promotion_id
       where p.code = $1 and r.member_id = $2`,
      [walker.code, walker.memberId],
    );
    return row!.n;
  };

  /** The state as the member's page shows it and as stored must be `expected`. */
  async function expectState(walker: Walker, expected: Stored, where: string) {
    const list = await get<PromotionList>(walker.token, '/wps/promotions');
    const item = list.items.find((candidate) => candidate.code === walker.code);
    if (walker.ended) {
      // A closed promotion is listed only while a reward of it waits or is being wagered.
      expect(item, where).toBeUndefined();
    } else {
      expect(item, where).toBeDefined();
      expect(item!.phase, where).toBe('open');
      expect({ state: item!.state, status: item!.status }, where).toEqual({
        state: expected.state,
        status: promotionStatusOf('open', expected.state),
      });
    }
    const rows = await server.deps.db.query<Stored>(
      `select pp.state, pp.context from promotion_participations pp
       join promotions p on p.id = pp.promotion_id where p.code = $1 and pp.member_id = $2`,
      [walker.code, walker.memberId],
    );
    expect(rows, where).toEqual(expected.state === 'none' ? [] : [expected]);
    // What the state means in the reward centre: a reward waits only while issued, and the
    // promotion's bonus is being wagered only in process.
    const centre = await rewardsOf(walker);
    expect(
      centre.waiting.some((reward) => reward.promotion?.code === walker.code),
      `${where}: reward waiting`,
    ).toBe(expected.state === 'issued');
    expect(centre.wagering?.promotion?.code === walker.code, `${where}: wagering`).toBe(
      expected.state === 'process',
    );
  }

  async function deposit(walker: Walker, amount: string) {
    const value = succeeded(
      await post(walker.token, '/wps/deposit', {
        channel: 'DEMO',
        amount,
        idempotencyKey: newKey(),
      }),
    ) as { id: string };
    await creditDeposit(server.deps, value.id);
  }

  /** Money to bet with and a launched slot, once per member. */
  async function launched(walker: Walker): Promise<string> {
    if (walker.launch === null) {
      await grant(server, walker.account, '200.00');
      walker.launch = await launchFirstSlot(server, walker.token);
    }
    return walker.launch;
  }
  const spin = async (walker: Walker, bet: string) =>
    succeeded(
      await call(server, '/wps/demo-vendor/spin', {
        method: 'POST',
        json: { launch: await launched(walker), bet, roundId: newKey() },
      }),
    );

  /** Sends one machine event the way the API drives it. */
  async function send(walker: Walker, event: PromotionEvent, before: Stored, where: string) {
    switch (event.type) {
      case 'promotion.sign':
      case 'promotion.join':
      case 'promotion.apply': {
        expect(promotionOptInEvent(walker.type)).toBe(event.type);
        const action = event.type.slice('promotion.'.length);
        const reply = await post(walker.token, `/wps/promotions/${walker.code}/${action}`);
        expect(succeeded(reply)).toEqual({
          code: walker.code,
          state: { sign: 'signed', join: 'joined', apply: 'applying' }[action],
        });
        return;
      }
      case 'promotion.approve':
      case 'promotion.reject': {
        const decision = event.type === 'promotion.approve' ? 'approve' : 'reject';
        const reply = await review(walker, decision);
        expect(succeeded(reply), where).toMatchObject({
          code: walker.code,
          account: walker.account,
          state: decision === 'approve' ? 'issued' : 'rejected',
        });
        if (event.type === 'promotion.approve') {
          const reward = (await rewardsOf(walker)).waiting.find(
            (candidate) => candidate.promotion?.code === walker.code,
          );
          expect(reward, where).toMatchObject({
            source: 'promotion',
            amount: BONUS,
            wageringRequired: event.wagering ? BONUS : null,
            state: 'waiting',
          });
          walker.rewardId = reward!.id;
        }
        return;
      }
      case 'promotion.expire': {
        if (before.state === 'issued') {
          // The clock passes the reward's end.
          await server.deps.db.query(
            `update rewards set expires_at = now() - interval '1 second' where id = $1`,
            [walker.rewardId],
          );
          expect((await expireRewards(server.deps)).rewards, where).toBe(1);
        } else if (walker.type === 'raffle') {
          // Drawn with no ticket bought (no bet since joining).
          await server.deps.db.query(
            `update promotions
             set terms = jsonb_set(terms, '{drawAt}', to_jsonb((now() - interval '1 second')::text))
             where code = $1`,
            [walker.code],
          );
          await drawDueRaffles(server.deps);
        } else {
          succeeded(await opsCall(server, `/ops/promotions/${walker.code}/close`, {}));
          walker.ended = true;
          expect((await expireRewards(server.deps)).participations, where).toBe(1);
        }
        return;
      }
      case 'promotion.qualify': {
        await deposit(walker, DEPOSIT);
        const reward = (await rewardsOf(walker)).waiting.find(
          (candidate) => candidate.promotion?.code === walker.code,
        );
        expect(reward, where).toMatchObject({
          source: 'promotion',
          amount: BONUS,
          wageringRequired: event.wagering ? REQUIRED : null,
          state: 'waiting',
        });
        walker.rewardId = reward!.id;
        return;
      }
      case 'promotion.claim': {
        const reward = (await rewardsOf(walker)).waiting.find(
          (candidate) => candidate.promotion?.code === walker.code,
        );
        expect(reward?.id, where).toBe(walker.rewardId);
        const claimed = succeeded(await post(walker.token, `/wps/rewards/${reward!.id}/claim`));
        expect(claimed).toMatchObject({ id: reward!.id, state: 'claimed' });
        return;
      }
      case 'promotion.wageringMet': {
        // 5.00 a spin: the 11.00 is met on the third; until then the bonus stays in process.
        for (let spins = 0; ; spins += 1) {
          const { wagering } = await get<RewardSummary>(walker.token, '/wps/rewards/summary');
          if (wagering === null) break;
          expect(wagering.promotion?.code, where).toBe(walker.code);
          expect(spins, `${where}: spins to meet ${REQUIRED}`).toBeLessThan(3);
          if (spins > 0) await expectState(walker, before, `${where}: after ${spins} spins`);
          await spin(walker, '5.00');
        }
        return;
      }
      case 'promotion.forfeit':
        expect(succeeded(await post(walker.token, '/wps/rewards/bonus/forfeit'))).toEqual({
          forfeited: BONUS,
        });
        return;
      default: {
        // Every event is driven: a new one fails type-checking here.
        const unhandled: never = event;
        throw new Error(`${JSON.stringify(unhandled)} is not driven through the API`);
      }
    }
  }

  /**
   * Tries `type` where the machine refuses it: the member's events are refused with their
   * codes; the system's (a qualifying deposit, a bet) go through and change nothing.
   */
  async function refuse(walker: Walker, type: PromotionEventType, current: Stored, where: string) {
    switch (type) {
      case 'promotion.sign':
      case 'promotion.join':
      case 'promotion.apply': {
        const action = type.slice('promotion.'.length);
        const reply = await post(walker.token, `/wps/promotions/${walker.code}/${action}`);
        if (walker.ended) {
          expect(reply, where).toMatchObject({
            status: 409,
            body: { code: 'promotion_not_open' },
          });
        } else if (promotionOptInEvent(walker.type) === type) {
          // The opt-in this promotion takes, a second time.
          expect(reply, where).toMatchObject({
            status: 409,
            body: { code: 'promotion_state', value: { state: current.state } },
          });
        } else {
          // The other opt-in: this promotion does not take it at all.
          expect(reply, where).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
        }
        return;
      }
      case 'promotion.qualify': {
        const before = await promotionRewards(walker);
        await deposit(walker, DEPOSIT);
        expect(await promotionRewards(walker), `${where}: no second reward`).toBe(before);
        return;
      }
      case 'promotion.claim': {
        if (walker.rewardId === null) {
          // Nothing was issued: there is no reward to claim.
          expect(await promotionRewards(walker), where).toBe(0);
          return;
        }
        // Claimed once already, or expired unclaimed.
        const outcome = current.context.outcome === 'expired' ? 'reward_expired' : 'reward_claimed';
        expect(
          await post(walker.token, `/wps/rewards/${walker.rewardId}/claim`),
          where,
        ).toMatchObject({ status: 409, body: { code: outcome } });
        return;
      }
      case 'promotion.approve':
      case 'promotion.reject': {
        const reply = await review(walker, type === 'promotion.approve' ? 'approve' : 'reject');
        // Nothing to answer without an application; else the machine refuses the answer.
        expect(reply, where).toMatchObject(
          walker.type !== 'appliedBonus' || current.state === 'none'
            ? { status: 404, body: { code: 'not_found' } }
            : { status: 409, body: { code: 'promotion_state', value: { state: current.state } } },
        );
        return;
      }
      case 'promotion.expire':
        // The job runs and finds nothing of this member's to end.
        await expireRewards(server.deps);
        return;
      case 'promotion.wageringMet':
        await spin(walker, '1.00');
        return;
      case 'promotion.forfeit':
        expect(await post(walker.token, '/wps/rewards/bonus/forfeit'), where).toMatchObject({
          status: 409,
          body: { code: 'no_open_bonus' },
        });
        return;
      default: {
        // Every event is driven: a new one fails type-checking here.
        const unhandled: never = type;
        throw new Error(`${String(unhandled)} is not driven through the API`);
      }
    }
  }

  /** The states (with their context) whose refusals were tried. */
  const refusalsChecked = new Set<string>();
  async function checkRefusals(walker: Walker, current: Stored, where: string) {
    const key = JSON.stringify(current);
    if (refusalsChecked.has(key)) return;
    refusalsChecked.add(key);
    const refused = [
      ...new Set(
        events
          .filter((event) => nextPromotionState(current.state, current.context, event) === null)
          .map((event) => event.type),
      ),
    ];
    for (const type of refused) {
      await refuse(walker, type, current, `${where}: ${current.state} refuses ${type}`);
      await expectState(walker, current, `${where}: after refused ${type}`);
    }
  }

  it(`follows all ${paths.length} drivable paths; the server agrees with the machine at every step`, async () => {
    for (const steps of paths) {
      const where = describePath(steps);
      const walker = await walkerFor(steps);
      let stored: Stored = { state: 'none', context: emptyPromotionContext };
      await expectState(walker, stored, `${where}: start`);
      await checkRefusals(walker, stored, where);
      for (const [index, step] of steps.entries()) {
        const at = `${where} (step ${index + 1})`;
        const predicted = nextPromotionState(stored.state, stored.context, step.event);
        expect(predicted, at).toEqual({ state: step.state, context: step.context });
        await send(walker, step.event, stored, at);
        await expectState(walker, predicted!, at);
        stored = predicted!;
        await checkRefusals(walker, stored, at);
      }
    }
    // Every state; issued with and without wagering; closed unlocked, forfeited, and expired
    // with and without wagering.
    expect([...refusalsChecked].map((key) => (JSON.parse(key) as Stored).state).sort()).toEqual([
      'applying',
      'claimed',
      'closed',
      'closed',
      'closed',
      'closed',
      'issued',
      'issued',
      'joined',
      'none',
      'process',
      'rejected',
      'signed',
    ]);
    expect(await ledgerSum(server)).toBe(0n);
  }, 120_000);
});
