import { expect, type Page, test } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { ApiError } from '../../src/api/http';
import { loginMachine } from '../../src/machines/login';
import type { LoginResult } from '../../src/shared/identity';
import { accountWithTemporaryPassword, mobileAccount, newAccount } from './accounts';
import { codeFromOutbox, outboxMark } from './support';

/**
 * The login machine's own graph, driven through the real page: every shortest path (to each
 * state and each error the form can show) becomes a browser session against the real server.
 * What the server answers is chosen by what the path types (right or wrong password, a
 * temporary password, a broken challenge), looked up from the path's next events.
 */
type Snapshot = SnapshotFrom<typeof loginMachine>;
type Step = { event: { type: string; [key: string]: unknown }; state: Snapshot };

const ok = (flags: Partial<LoginResult> = {}) => ({
  token: 't',
  firstTimeLogin: false,
  passwordExpired: false,
  defaultPassword: false,
  ...flags,
});
const rejected = (code: string) => ({
  type: 'xstate.error.actor.submitLogin',
  error: new ApiError(code, code, 400),
});

function eventsIn({ value, context: { tab } }: Snapshot) {
  const table: Record<string, unknown[]> = {
    editing: [
      { type: 'login.switchTab', tab: tab === 'username' ? 'mobile' : 'username' },
      {
        type: 'login.submit',
        fields:
          tab === 'username'
            ? { username: 'u', password: 'p' }
            : { mobileNum: '900000000', verificationCode: '1' },
      },
      { type: 'login.submit', fields: {} },
    ],
    provingHuman: [
      { type: 'xstate.done.actor.proveHuman', output: 'proof' },
      { type: 'xstate.error.actor.proveHuman', error: new Error('challenge unavailable') },
    ],
    submitting:
      tab === 'username'
        ? [
            { type: 'xstate.done.actor.submitLogin', output: ok() },
            { type: 'xstate.done.actor.submitLogin', output: ok({ defaultPassword: true }) },
            rejected('invalid_credentials'),
          ]
        : [
            { type: 'xstate.done.actor.submitLogin', output: ok() },
            rejected('verification_code_invalid'),
          ],
  };
  return table[value as string] ?? [];
}

const model = new TestModel(
  loginMachine as never,
  {
    events: eventsIn as never,
    input: { portal: 'player' },
    // Each error the form can show is a state of its own, so a path reaches each one.
    serializeState: ({ value, context }: Snapshot) => [value, context.tab, context.error].join('#'),
  } as never,
) as unknown as TestModel<Snapshot, { type: string }, unknown>;

const errorTexts: Record<string, string> = {
  field_invalid: 'Please fill in the fields correctly.',
  challenge_failed: 'We could not verify you are human.',
  invalid_credentials: 'Username or password is incorrect.',
  verification_code_invalid: 'Invalid or missing verification code.',
};

/** What the page must show in each state of the machine. */
async function expectState(page: Page, state: Snapshot) {
  const popup = page.locator('dialog[data-modal="login"]');
  switch (state.value) {
    case 'editing': {
      const tabName = state.context.tab === 'username' ? 'Username' : 'Mobile';
      await expect(popup.getByRole('tab', { name: tabName })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(popup.getByTestId('login-submit')).toBeEnabled();
      if (state.context.error)
        await expect(popup.getByTestId('login-error')).toContainText(
          errorTexts[state.context.error]!,
        );
      else await expect(popup.getByTestId('login-error')).toHaveCount(0);
      return;
    }
    case 'provingHuman':
    case 'submitting':
      // Passing states, often over before a check could see them: the page shows the login
      // popup still, or already what follows it — never nothing.
      await expect(
        page
          .locator(
            'dialog[data-modal="login"], dialog[data-modal="changePassword"], [data-testid="account-menu"]',
          )
          .first(),
      ).toBeVisible();
      return;
    case 'loggedIn':
      await expect(page.getByTestId('account-menu')).toBeVisible();
      await expect(popup).toBeHidden();
      return;
    case 'changePasswordRequired':
      await expect(page.locator('dialog[data-modal="changePassword"]')).toBeVisible();
      return;
    default:
      throw new Error(`state ${String(state.value)} has no assertion`);
  }
}

/** Types the submit of step `index`, choosing the data by what the path expects next. */
async function submit(page: Page, steps: Step[], index: number) {
  const popup = page.locator('dialog[data-modal="login"]');
  const fields = steps[index]!.event.fields as Record<string, string>;
  if (Object.keys(fields).length === 0) {
    await popup.getByTestId('login-submit').click();
    return;
  }
  const later = steps.slice(index + 1).map((step) => step.event);
  const outcome = later.find(
    (event) =>
      event.type.startsWith('xstate.done.actor.submitLogin') ||
      event.type.startsWith('xstate.error.actor.'),
  );
  if (later.some((event) => event.type === 'xstate.error.actor.proveHuman')) {
    await page.route(
      '**/wps/session/challenge',
      (route) =>
        route.fulfill({ status: 503, json: { success: false, value: null, code: 'maintenance' } }),
      { times: 1 },
    );
  }
  if (steps[index]!.state.context.tab === 'mobile') {
    const { mobile } = await mobileAccount();
    await popup.getByLabel('Mobile number').fill(mobile);
    const mark = await outboxMark(page, `+84${mobile}`);
    await popup.getByTestId('send-code').click();
    const code = await codeFromOutbox(page, `+84${mobile}`, mark);
    const wrong = outcome?.type === 'xstate.error.actor.submitLogin';
    await popup
      .getByLabel('Verification code')
      .fill(wrong ? String((Number(code) + 1) % 1_000_000).padStart(6, '0') : code);
  } else {
    const temporary = (outcome as { output?: LoginResult } | undefined)?.output?.defaultPassword;
    const account = temporary ? await accountWithTemporaryPassword() : await newAccount();
    await popup.getByLabel('Username').fill(account.username);
    const wrong = outcome?.type === 'xstate.error.actor.submitLogin';
    await popup
      .getByLabel('Password', { exact: true })
      .fill(wrong ? 'wrong-pass1' : account.password);
  }
  await popup.getByTestId('login-submit').click();
}

test.describe('login machine paths through the page', () => {
  for (const path of model.getShortestPaths()) {
    test(path.description.replace(/\(\{.*?\}\)/g, ''), async ({ page }) => {
      await page.goto('/');
      await page.getByTestId('open-login').click();
      const steps = path.steps as unknown as Step[];
      for (const [index, step] of steps.entries()) {
        const { type } = step.event;
        if (type === 'login.switchTab') {
          const tab = step.event.tab === 'mobile' ? 'Mobile' : 'Username';
          await page.locator('dialog[data-modal="login"]').getByRole('tab', { name: tab }).click();
        } else if (type === 'login.submit') {
          await submit(page, steps, index);
        }
        // Done/error events of the invoked calls happen by themselves: the submit chose them.
        await expectState(page, step.state);
      }
    });
  }
});
