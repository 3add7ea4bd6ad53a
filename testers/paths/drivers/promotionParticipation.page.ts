import { expect, type Locator } from '@playwright/test';
import type { PageRegistry, PathRun } from '../registry';
import type { promotionParticipationMachine } from '../../../src/shared/promotions';
import { promotionParticipationPaths } from '../../../src/shared/promotions.paths';
import {
  at,
  BONUS,
  cardOf,
  claimButton,
  currentOf,
  forfeitButton,
  type Kind,
  KINDS,
  main,
  OPT_IN,
  openPromotions,
  openRewardCentre,
  promotionDrivers,
  startPromotions,
  STATUS,
  walkOf,
} from './promotionParticipation';

/**
 * What the member's pages must show in each state of a promotion's paths (issue 15), and the
 * registry that puts the checks together with the drivers (promotionParticipation.ts) and the
 * model (src/shared/promotions.paths.ts).
 */

/**
 * What a reward with a requirement asks to be wagered once claimed (the multiplier is 1): the
 * bonus, and for a deposit bonus the deposit with it.
 */
const REQUIRED: Record<Kind, string> = {
  sign: '11.00',
  join: BONUS,
  apply: BONUS,
  vip: BONUS,
};

/** The card shows `status` and offers exactly `optIn` (or no opt-in at all). */
async function cardShows(card: Locator, status: string, optIn: string | null) {
  await expect(card.getByText(status, { exact: true })).toBeVisible();
  for (const name of new Set(Object.values(OPT_IN))) {
    if (name === null) continue;
    const button = card.getByRole('button', { name, exact: true });
    if (name === optIn) await expect(button).toBeEnabled();
    else await expect(button).toHaveCount(0);
  }
}

/**
 * What the member's pages show in `state`: the promotion's card (its status, and what it
 * offers), and in the reward centre the reward waiting, claimed, or being wagered. The page
 * the member is on is looked at first.
 */
async function shows(run: PathRun, state: string, wagering: boolean) {
  const walk = walkOf(run);
  walk.at = state;
  const { page } = run;
  const centre = centreShows(run, state, wagering);
  if (centre && at(page, '/member/rewardCenter')) {
    await centre();
    await cardShowsState(run, state);
  } else {
    await cardShowsState(run, state);
    if (centre) {
      await openRewardCentre(page);
      await centre();
    }
  }
}

/** The current promotion's card in `state` (every card the path may use, in `none`). */
async function cardShowsState(run: PathRun, state: string) {
  const walk = walkOf(run);
  const { page } = run;
  // The page is not told of the operator's close: the member opens the list again.
  await openPromotions(page, walk.ended);
  if (state === 'none') {
    // Each promotion the path may take part in is offered, with its own way to take part.
    for (const kind of KINDS) {
      await cardShows(cardOf(page, walk.promotions[kind].title), STATUS.none!, OPT_IN[kind]);
    }
    return;
  }
  const { title } = currentOf(run);
  const card = cardOf(page, title);
  if (walk.ended) {
    // The operator ended the promotion: it is gone from the member's list, with nothing left
    // to claim (the expiry job closes the member's part in it within 30 s: nothing on the page
    // changes then).
    await expect(card).toHaveCount(0);
    return;
  }
  await cardShows(card, STATUS[state]!, null);
  const claimLink = card.getByRole('link', { name: 'Claim in the reward centre' });
  const progress = card.getByRole('progressbar', { name: `Wagering progress of ${title}` });
  switch (state) {
    case 'joined':
      await expect(card.getByText(/^You have \d+ tickets? of \d+\.$/)).toBeVisible();
      break;
    case 'applying':
      await expect(card.getByText('Your application is being reviewed.')).toBeVisible();
      break;
    case 'rejected':
      await expect(card.getByText('Your application was not approved.')).toBeVisible();
      break;
    case 'issued':
      await expect(claimLink).toBeVisible();
      break;
    case 'process':
      await expect(progress).toBeVisible();
      break;
    default:
  }
  if (state !== 'issued') await expect(claimLink).toHaveCount(0);
  if (state !== 'process') await expect(progress).toHaveCount(0);
}

/** What the reward centre shows of the current promotion's reward in `state`, if anything. */
function centreShows(run: PathRun, state: string, wagering: boolean) {
  const { page } = run;
  const walk = walkOf(run);
  if (!walk.current || !['issued', 'process', 'claimed', 'closed'].includes(state)) return null;
  const { title, kind } = currentOf(run);
  const claim = claimButton(page, title);
  const progress = main(page).getByRole('progressbar', { name: `Wagering progress of ${title}` });
  return async () => {
    if (state === 'issued') {
      await expect(claim).toBeEnabled();
      const reward = main(page)
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: `Claim ${title}, ${BONUS}` }) });
      const note = reward.getByText(`wager ${REQUIRED[kind]} to unlock`, { exact: false });
      if (wagering) await expect(note).toBeVisible();
      else await expect(note).toHaveCount(0);
    } else {
      await expect(claim).toHaveCount(0);
    }
    if (state === 'process') {
      await expect(main(page).getByRole('heading', { name: 'Bonus in wagering' })).toBeVisible();
      await expect(progress).toBeVisible();
      await expect(forfeitButton(page)).toBeEnabled();
    } else {
      // Nothing is being wagered: the path's member wagers no other bonus.
      await expect(forfeitButton(page)).toHaveCount(0);
    }
    if (state === 'claimed') {
      await expect(
        main(page)
          .getByRole('listitem')
          .filter({ hasText: title })
          .getByText('Claimed', { exact: true }),
      ).toBeVisible();
    }
  };
}

/**
 * On the site: a fresh agent of the path's own and its fresh downline, the member; the operator
 * makes four promotions for that agent's team only (a deposit bonus, a raffle, a bonus it
 * reviews, a VIP upgrade bonus), so no other path or test sees them. The member's page opens
 * with the session the site gave at registration, and takes part from the promotions page; the operator's events are its calls; the system's are
 * the member's real deposits and bets, and the site's own jobs (the raffle's draw). Every
 * state is checked on the member's promotions page and reward centre.
 */
export const promotionParticipationPage: PageRegistry<typeof promotionParticipationMachine> = {
  model: promotionParticipationPaths,
  // The agent comes from the development tools; the promotions and reviews are the operator's.
  needs: ['devTools', 'operator'],
  start: startPromotions,
  states: {
    none: (run) => shows(run, 'none', false),
    signed: (run) => shows(run, 'signed', false),
    joined: (run) => shows(run, 'joined', false),
    applying: (run) => shows(run, 'applying', false),
    rejected: (run) => shows(run, 'rejected', false),
    issued: (run, snapshot) => shows(run, 'issued', snapshot.context.wagering),
    claimed: (run) => shows(run, 'claimed', false),
    process: (run) => shows(run, 'process', true),
    closed: (run, snapshot) => shows(run, 'closed', snapshot.context.wagering),
  },
  events: promotionDrivers,
};
