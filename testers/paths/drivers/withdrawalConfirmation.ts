import { expect, type Locator } from '@playwright/test';
import type { PageRegistry, PathRun } from '../registry';
import { logInPlayer } from '../siteActions';
import type { withdrawalConfirmationMachine } from '../../../src/shared/withdrawalConfirmation';
import {
  PARTIAL,
  withdrawalConfirmationPaths,
} from '../../../src/shared/withdrawalConfirmation.paths';

/** The withdrawal a path makes: the model's partial report (60.00 of it) adds up to it. */
const AMOUNT = '100.00';
/** The operator's bonus the fresh player withdraws from. */
const FUNDS = '200.00';
/** The balance while the amount is held or once it is paid out: the funds less the amount. */
const LEFT = '100.00';
const PAYMENT_PASSWORD = '246810';
// The smallest valid PNG: the player's proof that the money did not arrive.
const PROOF_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The status text the player's list shows for each state. */
const STATUS: Record<string, string> = {
  requested: 'Requested',
  awaitingConfirmation: 'Paid: please confirm receipt',
  notReceived: 'Reported not received',
  partiallyReceived: 'Partially received',
  received: 'Received',
  forcedReceived: 'Received (confirmed by support)',
  refunded: 'Refunded',
  rejected: 'Rejected, amount returned',
};

/** Every answer a player may give (the buttons' names) and the states that offer each. */
const ANSWERS: Record<string, string[]> = {
  Received: ['awaitingConfirmation'],
  'Partially received': ['awaitingConfirmation'],
  'Not received': ['awaitingConfirmation'],
  'All received': ['partiallyReceived'],
};

/** The path's withdrawal id, as the operator finds it (their calls need it). */
const withdrawals = new WeakMap<PathRun, string>();

/** The player's only withdrawal in "My withdrawals". */
const card = (run: PathRun): Locator =>
  run.page
    .getByRole('region', { name: 'My withdrawals' })
    .getByRole('listitem')
    .filter({ hasText: AMOUNT });

const money = (minor: string | null) => (Number(minor ?? '0') / 100).toFixed(2);

/** States that return the held amount to the player's wallet. */
const RETURNED = ['refunded', 'rejected'];

/**
 * What the player's page shows for the withdrawal in `state`: its status and the answers on
 * its card, and the balance in the banner (the amount is held from the request on; a
 * rejection or a refund returns it).
 */
async function shows(run: PathRun, state: string, autoConfirmed = false) {
  const withdrawal = card(run);
  const status = autoConfirmed ? `${STATUS[state]} (confirmed automatically)` : STATUS[state]!;
  // The page follows the withdrawal over the socket: the operator's change arrives by itself.
  await expect(withdrawal.getByText(status, { exact: true })).toBeVisible();
  for (const [answer, offeredIn] of Object.entries(ANSWERS)) {
    const button = withdrawal.getByRole('button', { name: answer, exact: true });
    if (offeredIn.includes(state)) await expect(button).toBeEnabled();
    else await expect(button).toHaveCount(0);
  }
  const balance = RETURNED.includes(state) ? FUNDS : LEFT;
  await expect(
    run.page.getByRole('banner').getByText(`$ ${balance}`, { exact: true }),
  ).toBeVisible();
}

/** The operator's action on the path's withdrawal (`npm run ops -- withdrawal <id> <action>`). */
async function operator(run: PathRun, action: 'pay' | 'reject' | 'refund' | 'forceReceived') {
  const id = withdrawals.get(run)!;
  try {
    await run.operator('POST', `/ops/withdrawals/${id}`, { action });
  } catch (error) {
    // A demo payout channel pays a request by itself after its delay (5 s in the shipped
    // configuration): a path slower than that finds it paid before the operator acts.
    const early = action === 'pay' || action === 'reject';
    throw new Error(
      `the operator could not ${action} withdrawal ${id}: ${(error as Error).message}` +
        (early ? ' (a demo payout channel may have paid it first: demoPaySeconds)' : ''),
      { cause: error },
    );
  }
}

/** The player's answer button on the withdrawal, then the page's own request goes out. */
const answer = (run: PathRun, name: string) =>
  card(run).getByRole('button', { name, exact: true }).click();

/**
 * On the site: a fresh player, given funds by the operator's bonus, logs in, sets a payment
 * password on the withdraw page and requests a withdrawal there; the page's list follows it
 * live. The operator's events (pay, reject, refund, forced receipt) are the operator's calls
 * on that withdrawal; the player's answers are clicks on its card (the proof image uploaded
 * through the page's own file field).
 */
/** The job's automatic receipt, made for one withdrawal: only the development tools run it. */
const AUTO_RECEIPT =
  "the job's automatic receipt (a path cannot wait the site's autoConfirmMinutes; the development tools run the job for one withdrawal)";

export const withdrawalConfirmationPage: PageRegistry<typeof withdrawalConfirmationMachine> = {
  model: withdrawalConfirmationPaths,
  // The operator pays, refunds and forces; the job's receipt comes from the development tools
  // (without them, that one transition is cut).
  needs: ['operator'],
  cuts: [{ what: AUTO_RECEIPT, needs: ['devTools'] }],
  start: async (run) => {
    const account = await run.account('player');
    await run.operator('POST', '/ops/bonus', {
      account: account.username,
      amount: FUNDS,
      reason: 'paths: funds to withdraw',
      idempotencyKey: `paths-${account.username}`,
    });
    const { page } = run;
    await logInPlayer(page, account);

    await page.goto('/member/withdraw');
    const main = page.getByRole('main');
    // A new account sets its payment password first, proven with the login password.
    await main.getByLabel('Login password').fill(account.password);
    await main.getByLabel('Payment password', { exact: true }).fill(PAYMENT_PASSWORD);
    await main.getByLabel('Confirm payment password').fill(PAYMENT_PASSWORD);
    await main.getByRole('button', { name: 'Set payment password' }).click();
    // The request form replaces it once the site knows the password is set.
    await expect(main.getByText(/^Withdraw between/)).toBeVisible();
    await expect(main.getByText('No withdrawals yet.')).toBeVisible();
    await main.getByLabel('Payment password', { exact: true }).fill(PAYMENT_PASSWORD);
    await main.getByLabel('Amount').fill(AMOUNT);
    await main.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(main.getByRole('status').filter({ hasText: 'requested' })).toHaveText(
      `Withdrawal of ${AMOUNT} requested.`,
    );
    // The operator finds it in the withdrawals list by the player's account.
    const listed = (await run.operator('GET', '/ops/withdrawals?status=requested')) as {
      id: string;
      account: string;
    }[];
    const mine = listed.find((one) => one.account === account.username);
    if (!mine) throw new Error(`the operator sees no requested withdrawal of ${account.username}`);
    withdrawals.set(run, mine.id);
    run.note(`withdrawal ${mine.id} of ${AMOUNT} by ${account.username}`);
  },
  states: {
    requested: (run) => shows(run, 'requested'),
    awaitingConfirmation: (run) => shows(run, 'awaitingConfirmation'),
    notReceived: (run) => shows(run, 'notReceived'),
    partiallyReceived: async (run, snapshot) => {
      await shows(run, 'partiallyReceived');
      const { receivedMinor, remainingMinor } = snapshot.context;
      await expect(
        card(run).getByText(
          `Received ${money(receivedMinor)}, remaining ${money(remainingMinor)}.`,
        ),
      ).toBeVisible();
    },
    received: (run, snapshot) => shows(run, 'received', snapshot.context.autoConfirmed),
    forcedReceived: (run) => shows(run, 'forcedReceived'),
    refunded: (run) => shows(run, 'refunded'),
    rejected: (run) => shows(run, 'rejected'),
  },
  events: {
    pay: (run) => operator(run, 'pay'),
    reject: (run) => operator(run, 'reject'),
    refund: (run) => operator(run, 'refund'),
    forceReceived: (run) => operator(run, 'forceReceived'),
    confirmReceived: (run) => answer(run, 'Received'),
    confirmAllReceived: (run) => answer(run, 'All received'),
    reportNotReceived: async (run) => {
      await answer(run, 'Not received');
      await card(run)
        .getByLabel(/^Proof image/)
        .setInputFiles({ name: 'bank-statement.png', mimeType: 'image/png', buffer: PROOF_PNG });
      await card(run).getByRole('button', { name: 'Send' }).click();
    },
    reportPartial: async (run, step) => {
      const { receivedMinor } = step.event as typeof PARTIAL;
      await answer(run, 'Partially received');
      await card(run).getByLabel('Amount received').fill(money(receivedMinor));
      await expect(
        card(run).getByText(`Remaining: ${money(PARTIAL.remainingMinor)}`),
      ).toBeVisible();
      await card(run).getByRole('button', { name: 'Send' }).click();
    },
    // The job, as if this withdrawal's wait were over (the development tools run it for this
    // one only: a path cannot wait the site's autoConfirmMinutes).
    autoConfirm: async (run) => {
      run.need(AUTO_RECEIPT, ['devTools']);
      const response = await run.page.request.post(
        `/wps/dev/withdrawals/${withdrawals.get(run)}/auto-confirm`,
      );
      const outcome = ((await response.json()) as { value: { ran: boolean; confirmed: number } })
        .value;
      if (outcome.confirmed !== 1) {
        throw new Error(
          `the auto-confirmation job did not confirm this withdrawal (${JSON.stringify(outcome)})`,
        );
      }
    },
  },
};
