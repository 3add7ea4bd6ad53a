import { expect, type Page, test } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { ApiError } from '../../src/api/http';
import { registrationMachine } from '../../src/machines/registration';
import { newAccount } from './accounts';
import { uniqueName } from './support';

/**
 * The registration machine's graph through the real page (username tab; the mobile tab has its
 * own end-to-end test). The server's answers are chosen by what the path types: a free or a
 * taken name, a good or a wrong invitation code, a broken challenge.
 */
type Snapshot = SnapshotFrom<typeof registrationMachine>;
type Step = { event: { type: string; [key: string]: unknown }; state: Snapshot };

const rule = (pattern: string, patternId: string, min: number, max: number) => ({
  acceptedPattern: pattern,
  patternId,
  minLength: min,
  maxLength: max,
});
// The shipped configuration's rules for the fields the form shows (config/platform.json).
const input = {
  settings: {
    username: { enabled: true, required: true },
    password: { enabled: true, required: true },
    affiliateCode: { enabled: true, required: false },
  },
  rules: {
    username: rule('^[A-Za-z][A-Za-z0-9]*$', 'LETTER_FIRST_ALNUM', 4, 16),
    password: rule('^(?=.*[A-Za-z])(?=.*[0-9])[\\x21-\\x7e]+$', 'LETTERS_AND_DIGITS', 6, 20),
    affiliateCode: rule('^[A-Za-z0-9]+$', 'ALNUM', 4, 16),
  },
  referralCode: null,
  mobileEnabled: false,
};

const good = { username: 'goodname1', password: 'abc12345', confirmPassword: 'abc12345' };
function eventsIn({ value }: Snapshot) {
  const table: Record<string, unknown[]> = {
    editing: [
      { type: 'register.submit', fields: good, acceptedTerms: true },
      { type: 'register.submit', fields: { ...good, affiliateCode: 'CODE1' }, acceptedTerms: true },
      {
        type: 'register.submit',
        fields: { ...good, confirmPassword: 'other123' },
        acceptedTerms: false,
      },
    ],
    checkingAffiliate: [
      { type: 'xstate.done.actor.checkAffiliate', output: true },
      {
        type: 'xstate.error.actor.checkAffiliate',
        error: new ApiError('invitation_code_error', 'x', 400),
      },
    ],
    affiliateRejected: [{ type: 'register.dismiss' }],
    provingHuman: [
      { type: 'xstate.done.actor.proveHuman', output: 'proof' },
      { type: 'xstate.error.actor.proveHuman', error: new Error('challenge unavailable') },
    ],
    submitting: [
      {
        type: 'xstate.done.actor.submitRegistration',
        output: {
          token: 't',
          firstTimeLogin: true,
          passwordExpired: false,
          defaultPassword: false,
        },
      },
      {
        type: 'xstate.error.actor.submitRegistration',
        error: new ApiError('username_taken', 'x', 409),
      },
    ],
  };
  return table[value as string] ?? [];
}

const model = new TestModel(
  registrationMachine as never,
  {
    events: eventsIn as never,
    input,
    serializeState: ({ value, context }: Snapshot) =>
      [value, context.error, Object.keys(context.errors).sort().join(',')].join('#'),
  } as never,
) as unknown as TestModel<Snapshot, { type: string }, unknown>;

async function expectState(page: Page, state: Snapshot) {
  const popup = page.locator('dialog[data-modal="register"]');
  switch (state.value) {
    case 'editing':
      await expect(popup.getByRole('button', { name: 'Register' })).toBeEnabled();
      if (state.context.errors.confirmPassword)
        await expect(popup.getByText('inconsistent twice')).toBeVisible();
      if (state.context.errors.terms)
        await expect(popup.getByText('Please accept the terms')).toBeVisible();
      if (state.context.error === 'username_taken')
        await expect(popup.getByTestId('register-error')).toHaveText(
          'This username is already taken.',
        );
      if (state.context.error === 'challenge_failed')
        await expect(popup.getByTestId('register-error')).toContainText('human');
      if (!state.context.error) await expect(popup.getByTestId('register-error')).toHaveCount(0);
      return;
    case 'affiliateRejected':
      await expect(page.getByRole('alertdialog')).toContainText('Invalid invitation code.');
      return;
    case 'checkingAffiliate':
    case 'provingHuman':
    case 'submitting':
      await expect(
        page
          .locator(
            'dialog[data-modal="register"], [data-testid="account-menu"], [role="alertdialog"]',
          )
          .first(),
      ).toBeVisible();
      return;
    case 'registered':
      await expect(page.getByTestId('account-menu')).toBeVisible();
      return;
    default:
      throw new Error(`state ${String(state.value)} has no assertion`);
  }
}

async function submit(page: Page, steps: Step[], index: number) {
  const popup = page.locator('dialog[data-modal="register"]');
  const { fields, acceptedTerms } = steps[index]!.event as unknown as {
    fields: Record<string, string>;
    acceptedTerms: boolean;
  };
  const later = steps.slice(index + 1).map((step) => step.event.type);
  const next = (type: string) => later.includes(type);
  if (next('xstate.error.actor.proveHuman')) {
    await page.route(
      '**/wps/session/challenge',
      (route) =>
        route.fulfill({ status: 503, json: { success: false, value: null, code: 'maintenance' } }),
      { times: 1 },
    );
  }
  const username = next('xstate.error.actor.submitRegistration')
    ? (await newAccount()).username
    : uniqueName('r');
  await popup.getByLabel('Username').fill(username);
  await popup.getByLabel('Password', { exact: true }).fill(fields.password ?? '');
  await popup.getByLabel('Confirm password').fill(fields.confirmPassword ?? '');
  if (fields.affiliateCode) {
    await popup
      .getByLabel('Invitation code')
      .fill(next('xstate.error.actor.checkAffiliate') ? 'NOPE1' : 'AGENT1');
  } else {
    await popup.getByLabel('Invitation code').fill('');
  }
  await popup.getByLabel(/I am 18 or older/).setChecked(acceptedTerms);
  await popup.getByRole('button', { name: 'Register' }).click();
}

test.describe('registration machine paths through the page', () => {
  for (const path of model.getShortestPaths()) {
    test(path.description.replace(/\(\{.*?\}\)/g, ''), async ({ page }) => {
      await page.goto('/register');
      const steps = path.steps as unknown as Step[];
      for (const [index, step] of steps.entries()) {
        if (step.event.type === 'register.submit') await submit(page, steps, index);
        if (step.event.type === 'register.dismiss')
          await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
        await expectState(page, step.state);
      }
    });
  }
});
