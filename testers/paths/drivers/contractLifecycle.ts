import { expect, type Page } from '@playwright/test';
import type { PageRegistry, PathRun, PathStep } from '../registry';
import { logInAgent, logInPlayer } from '../siteActions';
import type { ContractAction } from '../../../src/shared/realtime';
import type {
  ContractEvent,
  contractLifecycleMachine,
  StoredContractState,
} from '../../../src/shared/contracts/lifecycle';
import { type ContractRole, contractActionsIn } from '../../../src/shared/contracts/roles';
import {
  type ContractTerms,
  type ContractType,
  formatRate,
  parseRateBasisPoints,
} from '../../../src/shared/contracts/terms';
import { contractLifecyclePaths } from '../../../src/shared/contracts/lifecycle.paths';

// What a contract's paths (src/shared/contracts/lifecycle.paths.ts) do and show on the site.

const STATUS: Record<StoredContractState, string> = {
  offered: 'Offered: waiting for the answer',
  active: 'Approved',
  terminationRequested: 'Termination requested',
  rejected: 'Rejected',
  withdrawn: 'Offer withdrawn',
  terminated: 'Terminated',
  superseded: 'Replaced by a lower-rate contract',
};
/** The moves on an existing contract: its buttons. */
type ContractAnswer = Exclude<ContractAction, 'offer' | 'supersede'>;
const ACTION: Record<ContractAnswer, string> = {
  accept: 'Accept',
  reject: 'Reject',
  withdrawOffer: 'Withdraw offer',
  requestTermination: 'Request termination',
  acceptTermination: 'Agree to end',
  rejectTermination: 'Keep the contract',
};
const TYPE_NAME: Record<ContractType, string> = {
  dividend: 'Dividend',
  dailySalary: 'Daily salary',
  hourlySalary: 'Hourly salary',
  realTimeSalary: 'Real-time salary',
};
/** The rate of the same-type contract that supersedes the path's one (lower, so it may). */
const LOWER_RATE: Record<ContractType, string> = {
  dividend: '1.00',
  dailySalary: '0.10',
  hourlySalary: '0.10',
  realTimeSalary: '0.10',
};

interface ContractScene {
  downline: Page;
  downlineName: string;
  /** The path's contract, once offered: its type and rate (as the card shows it). */
  contractType: ContractType | null;
  rate: string | null;
}
const scenes = new WeakMap<PathRun, ContractScene>();
const sceneOf = (run: PathRun) => scenes.get(run)!;

/** A contract's card in one side's list, found by its rate (a path offers at most two). */
const card = (page: Page, rate: string) =>
  page.getByRole('listitem').filter({ hasText: `Rate ${rate}%` });

/** One side's card shows the state and exactly the moves the shared machine gives that side. */
async function expectCard(
  page: Page,
  rate: string,
  state: StoredContractState,
  role: ContractRole,
) {
  const item = card(page, rate);
  await expect(item.getByText(STATUS[state], { exact: true })).toBeVisible();
  const offered = new Set(
    contractActionsIn(state, role).map((type) => type.slice('contract.'.length)),
  );
  for (const [action, name] of Object.entries(ACTION)) {
    const button = item.getByRole('button', { name, exact: true });
    if (offered.has(action)) await expect(button).toBeEnabled();
    else await expect(button).toHaveCount(0);
  }
}

/** The state on both sides: the agent's page (upline) and the downline's, each live. */
const bothSides = (state: StoredContractState) => async (run: PathRun) => {
  const scene = sceneOf(run);
  await expectCard(run.page, scene.rate!, state, 'upline');
  await expectCard(scene.downline, scene.rate!, state, 'downline');
};

/** The agent offers its downline a contract of `type` from the contracts page's form. */
async function offer(run: PathRun, type: ContractType, terms: ContractTerms) {
  const scene = sceneOf(run);
  const page = run.page;
  await page
    .getByRole('combobox', { name: 'Contract type' })
    .selectOption({ label: TYPE_NAME[type] });
  const form = page.getByRole('form', { name: 'Offer contract' });
  await form
    .getByRole('combobox', { name: 'Downline' })
    .selectOption({ label: scene.downlineName });
  await form.getByRole('textbox', { name: 'Rate (%)' }).fill(terms.rate);
  await form
    .getByRole('textbox', { name: 'Minimum active members' })
    .fill(String(terms.activeMembers));
  await form.getByRole('textbox', { name: 'Minimum period bet' }).fill(terms.periodBet);
  await form.getByRole('textbox', { name: 'Minimum team loss (dividend)' }).fill(terms.profitLoss);
  await form.getByRole('button', { name: 'Offer contract' }).click();
  await expect(form.getByRole('status')).toHaveText(`Contract offered to ${scene.downlineName}.`);
}

const offerDriver = async (run: PathRun, step: PathStep) => {
  const event = step.event as Extract<ContractEvent, { type: 'contract.offer' }>;
  await offer(run, event.contractType, event.terms);
  const scene = sceneOf(run);
  scene.contractType = event.contractType;
  scene.rate = formatRate(parseRateBasisPoints(event.terms.rate));
};

/** A side answers the path's contract with one of its buttons. */
const answer = (side: 'upline' | 'downline', action: ContractAnswer) => async (run: PathRun) => {
  const scene = sceneOf(run);
  const page = side === 'upline' ? run.page : scene.downline;
  await card(page, scene.rate!).getByRole('button', { name: ACTION[action], exact: true }).click();
};

/**
 * On the site, two people in two browsers: an agent of the path's own (made by the site's
 * development tools, with rates to offer) on its contracts page, and a fresh player registered
 * with the agent's code — its direct downline — on the member centre's contracts page. The
 * upline's moves are the agent's clicks, the downline's the player's; each state is checked on
 * both pages, which follow the contract live. The system's `supersede` happens as it does for
 * real: the agent offers a same-type contract at a lower rate and the downline accepts it.
 */
export const contractLifecyclePage: PageRegistry<typeof contractLifecycleMachine> = {
  model: contractLifecyclePaths,
  // The agent of its own comes from the development tools' test-data endpoint.
  needs: ['devTools'],
  start: async (run) => {
    const agent = await run.account('agent', {
      rates: { dividend: '2', realTimeSalary: '1' },
    });
    const player = await run.account('player', { affiliateCode: agent.affiliateCode! });
    const downline = await run.actor('downline');
    scenes.set(run, {
      downline,
      downlineName: player.username,
      contractType: null,
      rate: null,
    });
    await logInAgent(run.page, agent);
    await run.page.goto('/agentHome/agentContracts');
    await logInPlayer(downline, player);
    await downline.goto('/member/contracts');
  },
  states: {
    none: async (run) => {
      const form = run.page.getByRole('form', { name: 'Offer contract' });
      await expect(form.getByRole('combobox', { name: 'Downline' })).toContainText(
        sceneOf(run).downlineName,
      );
      await expect(run.page.getByText('No contracts yet.')).toBeVisible();
      await expect(sceneOf(run).downline.getByText('No contracts yet.')).toBeVisible();
    },
    offered: bothSides('offered'),
    active: bothSides('active'),
    rejected: bothSides('rejected'),
    withdrawn: bothSides('withdrawn'),
    terminationRequested: bothSides('terminationRequested'),
    terminated: bothSides('terminated'),
    superseded: bothSides('superseded'),
  },
  events: {
    offer: offerDriver,
    'offer:realTimeSalary': offerDriver,
    accept: answer('downline', 'accept'),
    reject: answer('downline', 'reject'),
    withdrawOffer: answer('upline', 'withdrawOffer'),
    requestTermination: answer('upline', 'requestTermination'),
    acceptTermination: answer('downline', 'acceptTermination'),
    rejectTermination: answer('downline', 'rejectTermination'),
    supersede: async (run) => {
      const scene = sceneOf(run);
      const type = scene.contractType!;
      const lower = LOWER_RATE[type];
      await offer(run, type, {
        rate: lower,
        activeMembers: 0,
        periodBet: '0.00',
        profitLoss: '0.00',
      });
      const replacing = card(scene.downline, lower);
      await replacing.getByRole('button', { name: ACTION.accept, exact: true }).click();
      await expect(replacing.getByText(STATUS.active, { exact: true })).toBeVisible();
      run.note(`superseded by a ${type} contract at ${lower} %`);
    },
  },
};
