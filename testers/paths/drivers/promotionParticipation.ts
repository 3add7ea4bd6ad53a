import { expect, type Locator, type Page } from '@playwright/test';
import type { PageRegistry, PathRun, TestAccount } from '../registry';
import type { promotionParticipationMachine } from '../../../src/shared/promotions';
import { awaitedLater } from '../siteActions';

/**
 * What makes each event of a member's part in a promotion happen on the site (issue 15): the
 * path's promotions and member, the start, and a driver per event label. The page checks are
 * in promotionParticipation.page.ts, the model in src/shared/promotions.paths.ts.
 */

/**
 * How the member takes part in each of a path's promotions: a deposit bonus is signed, a raffle
 * joined, an operator-reviewed bonus applied for; a VIP upgrade bonus needs nothing (it is the
 * one a member qualifies for from `none`: the level rises).
 */
export type Kind = 'sign' | 'join' | 'apply' | 'vip';
export const KINDS: Kind[] = ['sign', 'join', 'apply', 'vip'];

/** Every reward is this much; a deposit bonus is 10 % of the qualifying deposit. */
export const BONUS = '1.00';
const DEPOSIT = '10.00';
/** The card's opt-in button for each kind (none for the VIP upgrade bonus). */
export const OPT_IN: Record<Kind, string | null> = {
  sign: 'Sign up for the bonus',
  join: 'Join',
  apply: 'Apply',
  vip: null,
};
const TITLE: Record<Kind, string> = {
  sign: 'Deposit bonus',
  join: 'Raffle',
  apply: 'Loyalty bonus',
  vip: 'Bronze upgrade bonus',
};
/** The status on a card for each state the member's own part shows (spec 4's names). */
export const STATUS: Record<string, string> = {
  none: 'Open',
  signed: 'Signed up',
  joined: 'Joined',
  applying: 'Applying',
  rejected: 'Rejected',
  issued: 'Reward waiting',
  claimed: 'Claimed',
  process: 'In progress',
  closed: 'Closed',
};
/** A raffle drawn in the far future until a path draws it. */
const LATER = '2099-01-01T00:00:00Z';
/**
 * The site's jobs (the raffle draw) look for due work every 30 s: a path waits that long at
 * most, plus the time the page needs to follow.
 */
const JOB_MS = 45_000;
/** A heavy page's load (the slots, a game's frame) on a busy machine. */
const PAGE_MS = 20_000;

interface Promotion {
  code: string;
  title: string;
  definition: Definition;
}

interface Definition {
  code: string;
  type: 'depositBonus' | 'raffle' | 'appliedBonus' | 'vipUpgradeBonus';
  content: { EN: { title: string; summary: string; terms: string } };
  startsAt: string;
  audience: { kind: 'agentTeam'; agent: string };
  terms: Record<string, unknown>;
}

/** One path's member, its promotions, and where the path is. */
interface Walk {
  player: TestAccount;
  promotions: Record<Kind, Promotion>;
  /** The promotion the member took part in (the path's first step chooses it). */
  current: Kind | null;
  /** The state the page showed last: the drivers of events sent from several states need it. */
  at: string;
  /** The operator closed the current promotion: it has left the member's list. */
  ended: boolean;
}

const walks = new WeakMap<PathRun, Walk>();

/** The id of the reward the current promotion left waiting for the member. */
async function waitingReward(run: PathRun): Promise<string> {
  const { player } = walkOf(run);
  const { code } = currentOf(run);
  const reply = await run.page.request.get('/wps/rewards', {
    headers: { authorization: `Bearer ${player.token}` },
  });
  const { value } = (await reply.json()) as {
    value: { waiting: { id: string; promotion: { code: string } | null }[] } | null;
  };
  const reward = value?.waiting.find((one) => one.promotion?.code === code);
  if (!reward) throw new Error(`no reward of ${code} waits for ${player.username}`);
  return reward.id;
}
export const walkOf = (run: PathRun): Walk => {
  const walk = walks.get(run);
  if (!walk) throw new Error('the path has not started');
  return walk;
};
export const currentOf = (run: PathRun): Promotion & { kind: Kind } => {
  const walk = walkOf(run);
  if (!walk.current) throw new Error('the member takes part in no promotion yet');
  return { ...walk.promotions[walk.current], kind: walk.current };
};

function definitionOf(kind: Kind, code: string, title: string, agent: string): Definition {
  const terms: Record<Kind, Record<string, unknown>> = {
    sign: { percent: '10', cap: BONUS, minDeposit: DEPOSIT, wageringMultiplier: 0 },
    join: {
      ticketPer: BONUS,
      drawAt: LATER,
      prizes: [{ amount: BONUS, count: 1 }],
      wageringMultiplier: 0,
    },
    apply: { amount: BONUS, wageringMultiplier: 0 },
    vip: { amount: BONUS, wageringMultiplier: 0, level: 1 },
  };
  const type = {
    sign: 'depositBonus',
    join: 'raffle',
    apply: 'appliedBonus',
    vip: 'vipUpgradeBonus',
  } as const;
  return {
    code,
    type: type[kind],
    content: { EN: { title, summary: `For the team of ${agent} only.`, terms: '' } },
    startsAt: new Date(Date.now() - 60 * 60_000).toISOString(),
    // The path's own member only: the downline of an agent made for this path.
    audience: { kind: 'agentTeam', agent },
    terms: terms[kind],
  };
}

/**
 * The operator changes the terms of the current promotion (`npm run ops -- promotion update`),
 * before the event that reads them: the requirement an issued reward carries, a raffle's draw.
 */
async function updateTerms(run: PathRun, changes: Record<string, unknown>) {
  const walk = walkOf(run);
  const promotion = walk.promotions[walk.current!];
  promotion.definition = {
    ...promotion.definition,
    terms: { ...promotion.definition.terms, ...changes },
  };
  await run.operator('POST', '/ops/promotions', {
    mode: 'update',
    definition: promotion.definition,
  });
}

export const main = (page: Page) => page.getByRole('main');

/** The promotion's card on the promotions page, by its title. */
export const cardOf = (page: Page, title: string): Locator =>
  main(page).getByRole('article', { name: title, exact: true });

export const at = (page: Page, path: string) => new URL(page.url()).pathname === path;

/**
 * The promotions page: opened unless the page is on it already (it follows the member's own
 * actions and the operator's reviews by itself), or opened again when told (a person reloads
 * to see what the page is not told about: the operator closing a promotion, a raffle's draw).
 */
export async function openPromotions(page: Page, again = false) {
  if (!again && at(page, '/promotions')) return;
  await page.goto('/promotions');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
}

export async function openRewardCentre(page: Page) {
  if (at(page, '/member/rewardCenter')) return;
  await page.goto('/member/rewardCenter');
  await expect(main(page).getByRole('heading', { name: 'Waiting to be claimed' })).toBeVisible();
}

export const claimButton = (page: Page, title: string) =>
  main(page).getByRole('button', { name: `Claim ${title}, ${BONUS}`, exact: true });

/** The bonus being wagered: its lock in the reward centre, with the way to give it up. */
export const forfeitButton = (page: Page) =>
  main(page).getByRole('button', { name: 'Forfeit bonus', exact: true });

/** Money for the member to bet with, from the operator (`npm run ops -- bonus`). */
async function fund(run: PathRun, amount: string, why: string) {
  const { player } = walkOf(run);
  await run.operator('POST', '/ops/bonus', {
    account: player.username,
    amount,
    reason: `paths: ${why}`,
    idempotencyKey: `paths-${player.username}-${why.replace(/\W+/g, '-')}`.slice(0, 64),
  });
}

/** A real deposit through the deposit page; the demo channel confirms it in seconds. */
async function deposit(run: PathRun, amount: string) {
  const { page } = run;
  await page.goto('/member/depositv2');
  await main(page).getByLabel('Amount').fill(amount);
  await main(page).getByRole('button', { name: 'Deposit', exact: true }).click();
  await expect(
    main(page).getByRole('status').getByText(`${amount} has been added to your balance.`),
  ).toBeVisible({ timeout: 20_000 });
}

/** Real bets: `spins` rounds of the first slot at `bet`, each waited for. */
async function play(run: PathRun, bet: string, spins: number) {
  const { page } = run;
  await page.goto('/rng');
  // The slots page lays out dozens of games with their pictures, and the game opens in a frame
  // of its own: on a busy machine both take longer than a state's check may.
  await main(page).getByRole('button', { name: 'Play now' }).first().click({ timeout: PAGE_MS });
  const game = page.getByRole('dialog').frameLocator('iframe');
  await game.getByRole('combobox', { name: 'Bet' }).selectOption(bet, { timeout: PAGE_MS });
  const spin = game.getByRole('button', { name: 'Spin', exact: true });
  for (let round = 0; round < spins; round += 1) {
    await expect(spin).toBeEnabled();
    const settled = awaitedLater(
      page.waitForResponse(
        (response) => response.url().includes('/demo-vendor/spin') && response.ok(),
      ),
    );
    await spin.click();
    await settled;
  }
  await expect(spin).toBeEnabled();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
}

/** The member's opt-in from the card. */
async function optIn(run: PathRun, kind: Kind) {
  const walk = walkOf(run);
  if (walk.at !== 'none') {
    // A promotion takes one opt-in: a deposit bonus is signed and a raffle joined, only an
    // operator-reviewed bonus is applied for (from the start).
    run.cannot(
      `no promotion takes an application after being ${walk.at}: a member applies only for an operator-reviewed bonus, which takes no other opt-in`,
    );
  }
  walk.current = kind;
  const { page } = run;
  const { title } = currentOf(run);
  await openPromotions(page);
  await cardOf(page, title).getByRole('button', { name: OPT_IN[kind]!, exact: true }).click();
}

/**
 * The member qualifies, in the way the current promotion rewards: a deposit after signing up
 * for a deposit bonus; a ticket from play, then the raffle's draw (the operator brings it
 * forward to now); or, from nothing, the VIP level rising to Bronze (100.00 deposited and
 * 500.00 bet) while a VIP upgrade bonus is open. The terms say whether the reward carries a
 * requirement.
 */
async function qualify(run: PathRun, wagering: boolean) {
  const walk = walkOf(run);
  const wageringMultiplier = wagering ? 1 : 0;
  if (walk.at === 'none') {
    walk.current = 'vip';
    await updateTerms(run, { wageringMultiplier });
    await deposit(run, '100.00');
    await fund(run, '500.00', 'bets to reach Bronze');
    await play(run, '50.00', 10);
  } else if (walk.at === 'signed') {
    await updateTerms(run, { wageringMultiplier });
    await deposit(run, DEPOSIT);
  } else if (walk.at === 'joined') {
    await fund(run, '10.00', 'a raffle ticket');
    await play(run, BONUS, 1);
    await updateTerms(run, { wageringMultiplier, drawAt: new Date().toISOString() });
    await waitForDraw(run, STATUS.issued!);
  } else {
    throw new Error(`qualify from ${walk.at} is not in the model`);
  }
}

/**
 * The draw job's next run (every 30 s): the member opens the promotions page again until the
 * card shows the outcome.
 */
async function waitForDraw(run: PathRun, status: string) {
  const { page } = run;
  await expect(async () => {
    await openPromotions(page, true);
    await expect(cardOf(page, currentOf(run).title).getByText(status, { exact: true })).toBeVisible(
      { timeout: 3_000 },
    );
  }).toPass({ timeout: JOB_MS, intervals: [2_000] });
}

async function review(run: PathRun, decision: 'approve' | 'reject') {
  const { code } = currentOf(run);
  await run.operator('POST', '/ops/applications', {
    code,
    account: walkOf(run).player.username,
    decision,
  });
}

/**
 * Makes the path's agent, its downline (the member) and the four promotions for that team;
 * opens the member's promotions page with the session the site gave at registration.
 */
export const startPromotions = async (run: PathRun) => {
  const agent = await run.account('agent');
  const player = await run.account('player', { affiliateCode: agent.affiliateCode! });
  const suffix = agent.username.toUpperCase();
  const promotions = {} as Record<Kind, Promotion>;
  for (const kind of KINDS) {
    const code = `PP_${suffix}_${kind.toUpperCase()}`;
    const title = `${TITLE[kind]} ${agent.username}`;
    const definition = definitionOf(kind, code, title, agent.username);
    await run.operator('POST', '/ops/promotions', { mode: 'create', definition });
    promotions[kind] = { code, title, definition };
  }
  walks.set(run, { player, promotions, current: null, at: 'none', ended: false });
  run.note(`promotions ${KINDS.map((kind) => promotions[kind].code).join(', ')}`);
  // The session the site opened at registration, handed to the page in its address (as
  // the app does, spec 4): the member's login page is another machine's.
  if (!player.token) throw new Error(`no session was opened for ${player.username}`);
  await run.page.goto(`/promotions?token=${encodeURIComponent(player.token)}`);
  await expect(run.page).toHaveURL(/\/promotions$/);
};

/** What makes each event happen, by its label. */
export const promotionDrivers: PageRegistry<typeof promotionParticipationMachine>['events'] = {
  sign: (run) => optIn(run, 'sign'),
  join: (run) => optIn(run, 'join'),
  apply: (run) => optIn(run, 'apply'),
  'qualify:wagering': (run) => qualify(run, true),
  'qualify:noWagering': (run) => qualify(run, false),
  'approve:wagering': async (run) => {
    await updateTerms(run, { wageringMultiplier: 1 });
    await review(run, 'approve');
  },
  'approve:noWagering': async (run) => {
    await updateTerms(run, { wageringMultiplier: 0 });
    await review(run, 'approve');
  },
  reject: (run) => review(run, 'reject'),
  claim: async (run) => {
    const { page } = run;
    await openRewardCentre(page);
    const claim = claimButton(page, currentOf(run).title);
    await claim.click();
    await expect(claim).toHaveCount(0);
  },
  // The smallest real wager that meets any of these requirements: one bet of 20.00.
  wageringMet: async (run) => {
    await fund(run, '50.00', 'bets to meet the requirement');
    await play(run, '20.00', 1);
  },
  forfeit: async (run) => {
    const { page } = run;
    await openRewardCentre(page);
    await forfeitButton(page).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByText('Forfeit this bonus?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Forfeit bonus' }).click();
    await expect(confirm).toBeHidden();
  },
  expire: async (run) => {
    const walk = walkOf(run);
    switch (walk.at) {
      case 'signed':
      case 'applying':
        // The operator ends the promotion; the expiry job closes what waited on it.
        await run.operator('POST', `/ops/promotions/${currentOf(run).code}/close`, {});
        walk.ended = true;
        return;
      case 'joined':
        // The raffle is drawn with no ticket of the member's: its entry expires.
        await updateTerms(run, { drawAt: new Date().toISOString() });
        await waitForDraw(run, STATUS.closed!);
        return;
      default: {
        // A reward waits 30 days (REWARD_CLAIM_DAYS): the development tools run the expiry
        // job for this path's reward as if they were over.
        const reward = await waitingReward(run);
        await run.page.request.post(`/wps/dev/rewards/${reward}/expire`);
        return;
      }
    }
  },
};
