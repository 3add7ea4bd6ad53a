import { expect, type Locator } from '@playwright/test';
import type { PageRegistry, PathRun } from '../registry';
import type { actionRequestMachine } from '../../../src/machines/actionRequest';
import { actionRequestPaths } from '../../../src/machines/actionRequest.paths';

const CONVERT_URL = '**/wps/relay/MCS2_convertPoint';
const CLAIM_URL = '**/wps/rewards/*/claim';
const CLAIM_ALL_URL = '**/wps/rewards/claim-all';
const MALL = '/pointMall';
const CENTRE = '/member/rewardCenter';
/** The points a path starts with: every conversion of its shortest and longer paths fits. */
const START_POINTS = 20_000;

/** What both pages say for each error code the model's paths reach (the English texts). */
const ERROR_TEXT: Record<string, string> = {
  reward_claimed: 'This reward was already claimed.',
  payment_password_wrong: 'The payment password is not correct.',
  insufficient_points: 'You do not have enough points for this.',
  network_error: 'Network link abnormal, please try again.',
};

type Place = 'mall' | 'centre';

/** The request a send made: what it acts on, and where its answer goes. */
interface Sent {
  label: 'claim' | 'claimAll' | 'convert';
  url: string;
  /** A conversion's points. */
  points?: number;
  /** The rewards it claims (their amounts, as the page shows them). */
  rewards?: string[];
  /** A retry of a request the site already did (its answer was lost): nothing moves again. */
  replay: boolean;
}

/** One path's account, as the site holds it. */
interface Walk {
  username: string;
  place: Place;
  /** The member's points, as the site holds them. */
  points: number;
  /** The rewards waiting to be claimed, by amount ("1.01"), oldest first. */
  waiting: string[];
  /** Amounts given to rewards so far (each reward's own, so the page tells them apart). */
  issued: number;
  sent: Sent | null;
  /**
   * The idempotency key of the last request, as what it was sent for: whether that request
   * failed (the same one sent again is a retry with this key) and whether the site ever acted
   * under it (a lost answer: a retry is then answered with that first outcome).
   */
  key: { label: Sent['label']; points?: number; failed: boolean; done: boolean } | null;
  /** The reward the last claim was for (a retry claims the same). */
  claimed: string | null;
  /** The toast the last successful request shows. */
  toast: string | RegExp | null;
}

const walks = new WeakMap<PathRun, Walk>();
const walkOf = (run: PathRun): Walk => {
  const walk = walks.get(run);
  if (!walk) throw new Error('the path has not started');
  return walk;
};

const main = (run: PathRun) => run.page.getByRole('main');
const convertButton = (run: PathRun) => run.page.getByTestId('convert-points');
const convertForm = (run: PathRun): Locator =>
  main(run)
    .locator('form')
    .filter({ has: convertButton(run) });
const rewardItems = (run: PathRun) =>
  run.page.getByTestId('reward-waiting').getByTestId('reward-item');
const claimButton = (run: PathRun, amount: string) =>
  rewardItems(run).filter({ hasText: amount }).getByTestId('claim-reward');
const toast = (run: PathRun, text: string | RegExp) =>
  run.page.getByTestId('toast').filter({ hasText: text });

const cents = (amount: string) => Math.round(Number(amount) * 100);
const money = (minor: number) => (minor / 100).toFixed(2);

/** A reward waiting in the member's reward centre (the development tools give it). */
async function issueReward(run: PathRun, walk: Walk): Promise<void> {
  walk.issued += 1;
  const amount = money(100 + walk.issued);
  const response = await run.page.request.post('/wps/dev/rewards', {
    data: { account: walk.username, amount },
  });
  if (!response.ok()) throw new Error(`no reward was issued: ${response.status()}`);
  walk.waiting.push(amount);
}

/** Opens `place` (the reward centre with at least `rewards` waiting), ready to act. */
async function goTo(run: PathRun, place: Place, rewards = 0): Promise<void> {
  const walk = walkOf(run);
  let issued = false;
  while (walk.waiting.length < rewards) {
    await issueReward(run, walk);
    issued = true;
  }
  if (walk.place === place && !issued) return;
  await run.page.goto(place === 'mall' ? MALL : CENTRE);
  walk.place = place;
  await ready(run);
}

/** The page shows the member's points or rewards as the site holds them, ready to act. */
async function ready(run: PathRun): Promise<void> {
  const walk = walkOf(run);
  if (walk.place === 'mall') {
    await expect(run.page.getByTestId('point-balance')).toHaveText(
      walk.points.toLocaleString('en'),
    );
    await expect(convertButton(run)).toBeEnabled();
    await expect(convertButton(run)).not.toHaveAttribute('aria-busy', 'true');
    return;
  }
  await expect(rewardItems(run)).toHaveCount(walk.waiting.length);
  for (const amount of walk.waiting) await expect(claimButton(run, amount)).toBeEnabled();
  const claimAll = run.page.getByTestId('claim-all');
  if (walk.waiting.length > 1) await expect(claimAll).toBeEnabled();
  else await expect(claimAll).toHaveCount(0);
}

/**
 * Starts a request: the same as the last one, after it failed, is a retry with its key (the
 * model's rule) — a replay when the site already did something under that key (a lost answer,
 * perhaps several retries ago).
 */
function startRequest(run: PathRun, sent: Omit<Sent, 'replay'>): Sent {
  const walk = walkOf(run);
  const last = walk.key;
  const retry =
    last !== null && last.failed && last.label === sent.label && last.points === sent.points;
  if (!retry) walk.key = { label: sent.label, points: sent.points, failed: false, done: false };
  const request = { ...sent, replay: retry && last.done };
  walk.sent = request;
  walk.toast = null;
  return request;
}

/** The request's answer: it failed or not, and whether the site acted under its key. */
function answered(run: PathRun, failed: boolean, siteActed: boolean) {
  const key = walkOf(run).key;
  if (!key) throw new Error('no request was sent');
  key.failed = failed;
  key.done ||= siteActed;
}

function sentOf(run: PathRun): Sent {
  const sent = walkOf(run).sent;
  if (!sent) throw new Error('no request was sent');
  return sent;
}

/** The request failed at the site's answer: the page shows `code`, nothing moved but `done`. */
async function failed(run: PathRun, code: string, status: number) {
  const sent = sentOf(run);
  await run.release(sent.url, {
    status,
    json: { success: false, value: null, code, message: ERROR_TEXT[code] ?? code },
  });
  answered(run, true, false);
}

async function convert(run: PathRun, points: number) {
  await goTo(run, 'mall');
  startRequest(run, { label: 'convert', url: CONVERT_URL, points });
  await run.hold(CONVERT_URL);
  await main(run).getByLabel('Points to convert').fill(String(points));
  await convertButton(run).click();
}

/**
 * On the site: the points mall's conversion (points to money) and the reward centre's claim and
 * claim all (issue 29's action-request machine), by a fresh player given points and rewards by
 * the development tools (what play would earn it). Each request is held at the network so
 * `sending` can be seen, then let through to the site (a claim, a conversion) or answered
 * instead (a reward claimed elsewhere, a wrong payment password, not enough points: answers the
 * site gives only to other pages or other moments). A lost network on a conversion is its
 * answer lost on the way back — the site converted — so a retry must carry the same key: the
 * site then answers the first conversion and the points move once, which the page's balance
 * shows. A claim's is lost before the site (a claim needs no key: a reward is claimed once).
 */
export const actionRequestPage: PageRegistry<typeof actionRequestMachine> = {
  model: actionRequestPaths,
  // Points and rewards come from the development tools (a path cannot play for them first).
  needs: ['devTools'],
  start: async (run) => {
    const player = await run.account('player');
    const granted = await run.page.request.post('/wps/dev/points', {
      data: { account: player.username, points: START_POINTS },
    });
    if (!granted.ok()) throw new Error(`no points were granted: ${granted.status()}`);
    walks.set(run, {
      username: player.username,
      place: 'mall',
      points: START_POINTS,
      waiting: [],
      issued: 0,
      sent: null,
      key: null,
      claimed: null,
      toast: null,
    });
    run.note(`player ${player.username} with ${START_POINTS} points`);
    if (!player.token) throw new Error('the player was registered without a session');
    // The session the site opened at registration, handed to the page in its address.
    await run.page.goto(`${MALL}?token=${encodeURIComponent(player.token)}`);
    await expect(run.page).toHaveURL(new RegExp(`${MALL}$`));
    await ready(run);
  },
  states: {
    idle: async (run, snapshot) => {
      const walk = walkOf(run);
      const error = snapshot.context.error;
      const text = error ? ERROR_TEXT[error] : null;
      if (error && !text) throw new Error(`no text known for the error ${error}`);
      if (walk.place === 'mall') {
        const alert = convertForm(run).getByRole('alert');
        if (text) await expect(alert).toHaveText(text);
        else await expect(alert).toHaveCount(0);
      } else if (text) {
        // The reward centre says it in a toast.
        await expect(toast(run, text).first()).toBeVisible();
      }
      await ready(run);
    },
    sending: async (run) => {
      const sent = sentOf(run);
      const busy =
        sent.label === 'convert'
          ? convertButton(run)
          : sent.label === 'claimAll'
            ? run.page.getByTestId('claim-all')
            : claimButton(run, sent.rewards?.[0] ?? '');
      await expect(busy).toHaveAttribute('aria-busy', 'true');
    },
    done: async (run) => {
      const walk = walkOf(run);
      if (!walk.toast) throw new Error('no request succeeded');
      await expect(toast(run, walk.toast).first()).toBeVisible();
      if (walk.place === 'mall') await expect(convertForm(run).getByRole('alert')).toHaveCount(0);
      await ready(run);
    },
  },
  events: {
    'send:claim': async (run) => {
      const walk = walkOf(run);
      await goTo(run, 'centre', 1);
      // A retry after a failure claims the same reward; anything else the oldest waiting.
      const again = walk.key?.label === 'claim' && walk.key.failed ? walk.claimed : null;
      const amount = again && walk.waiting.includes(again) ? again : walk.waiting[0]!;
      walk.claimed = amount;
      startRequest(run, { label: 'claim', url: CLAIM_URL, rewards: [amount] });
      await run.hold(CLAIM_URL);
      await claimButton(run, amount).click();
    },
    'send:claimAll': async (run) => {
      const walk = walkOf(run);
      await goTo(run, 'centre', 2);
      startRequest(run, { label: 'claimAll', url: CLAIM_ALL_URL, rewards: [...walk.waiting] });
      await run.hold(CLAIM_ALL_URL);
      await run.page.getByTestId('claim-all').click();
    },
    'send:convert': (run) => convert(run, 1000),
    'send:convertOther': (run) => convert(run, 2000),
    'send.done': async (run) => {
      const walk = walkOf(run);
      const sent = sentOf(run);
      await run.release(sent.url, 'continue');
      answered(run, false, true);
      if (sent.label === 'convert') {
        const points = sent.points ?? 0;
        // A replay answers the first conversion: the same toast, no points move again.
        if (!sent.replay) walk.points -= points;
        walk.toast = new RegExp(`^${points} points converted: ${money(points / 10)} added`);
        return;
      }
      const claimed = sent.rewards ?? [];
      walk.waiting = walk.waiting.filter((amount) => !claimed.includes(amount));
      const total = money(claimed.reduce((sum, amount) => sum + cents(amount), 0));
      walk.toast =
        sent.label === 'claim'
          ? `${total} added to your balance.`
          : `${claimed.length} rewards claimed: ${total} added to your balance.`;
    },
    'send.error:alreadyClaimed': (run) => failed(run, 'reward_claimed', 409),
    'send.error:wrongPassword': (run) => failed(run, 'payment_password_wrong', 400),
    'send.error:notEnoughPoints': (run) => failed(run, 'insufficient_points', 409),
    'send.error:network': async (run) => {
      const walk = walkOf(run);
      const sent = sentOf(run);
      if (sent.label === 'convert') {
        // The site converts; the page never hears it.
        await run.release(sent.url, 'lose');
        if (!sent.replay) walk.points -= sent.points ?? 0;
        answered(run, true, true);
        return;
      }
      await run.release(sent.url, 'abort');
      answered(run, true, false);
    },
  },
};
