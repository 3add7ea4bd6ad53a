import { expect, type Page } from '@playwright/test';
import type { PathModel } from '../../testers/paths/model';
import type { PageRegistry, PathRun, PathStep } from '../../testers/paths/registry';
import { ownAddress } from '../../testers/paths/siteActions';
import { ApiError } from '../api/http';
import { DEFAULT_PASSWORD_RULE } from '../shared/fieldRules';
import type { LoginResult } from '../shared/identity';
import { type ForgotPasswordEvent, forgotPasswordMachine, type ForgotTab } from './forgotPassword';
import {
  answersAfter,
  expectFlagged,
  expectFormError,
  freshMobile,
  outboxCode,
  registerByMobile,
  sendCodeTo,
  type SentCode,
  stillGood,
  wrongCode,
} from './registration.paths';

const result: LoginResult = {
  ...{ token: 'token-2', firstTimeLogin: false, passwordExpired: false, defaultPassword: false },
};
const failure = (actor: string, label: string, code: string, status: number | null) => ({
  label: `${actor}.error:${label}`,
  event: { type: `xstate.error.actor.${actor}`, error: new ApiError(code, code, status) },
});
const done = (actor: string, output: unknown) => ({
  label: `${actor}.done`,
  event: { type: `xstate.done.actor.${actor}`, output },
});
const submit = (label: string, fields: Record<string, string>) => ({
  label,
  event: { type: 'forgot.submit', fields },
});
const mobileForm = { countryDialingCode: '84', mobileNum: '912345678', verificationCode: '123456' };

/**
 * The forgot-password popup's paths (issue 15): by e-mail in two steps (the username and
 * address, refused or rate limited; then the mailed code and a new password, wrong, expired or
 * too weak; a resend; back to the address) or by mobile code with a new password; a network
 * failure at each call; both end logged in.
 */
export const forgotPasswordPaths: PathModel<typeof forgotPasswordMachine> = {
  id: 'forgotPassword',
  machine: forgotPasswordMachine,
  input: { passwordRule: DEFAULT_PASSWORD_RULE },
  // What the form shows: the tab of the first form, the error message, and on the code form
  // (the only one that flags fields one by one) the flagged fields. The calls in flight belong
  // to one tab each.
  key: ({ value, context: c, status }) => {
    if (status !== 'active') return String(value);
    const flagged = value === 'emailCode' ? Object.keys(c.errors).sort().join(',') : '';
    return [String(value), value === 'editing' ? c.tab : '', flagged, c.error ?? '']
      .filter(Boolean)
      .join('#');
  },
  events: ({ value, context: { tab } }) => {
    switch (value) {
      case 'editing':
        return [
          {
            label: 'switchTab',
            event: { type: 'forgot.switchTab', tab: tab === 'email' ? 'mobile' : 'email' },
          },
          ...(tab === 'email'
            ? [
                submit('submit', { username: 'alice1', email: 'alice@example.com' }),
                submit('submit:empty', { username: '', email: '' }),
              ]
            : [
                submit('submit', { ...mobileForm, newPassword: 'fresh123' }),
                submit('submit:empty', {
                  ...{ countryDialingCode: '84', mobileNum: '', verificationCode: '' },
                  newPassword: '',
                }),
              ]),
        ];
      case 'sendingEmail':
        return [
          done('sendResetEmail', undefined),
          failure('sendResetEmail', 'emailMismatch', 'email_mismatch', 400),
          failure('sendResetEmail', 'tooManyRequests', 'too_many_requests', 429),
          failure('sendResetEmail', 'network', 'network_error', null),
        ];
      case 'emailCode':
        return [
          submit('submit', { verificationCode: '123456', newPassword: 'fresh123' }),
          submit('submit:empty', { verificationCode: '', newPassword: '' }),
          submit('submit:weakPassword', { verificationCode: '123456', newPassword: 'freshpass' }),
          { label: 'resend', event: { type: 'forgot.resend' } },
          { label: 'back', event: { type: 'forgot.back' } },
        ];
      case 'resendingEmail':
        return [
          done('resendResetEmail', undefined),
          failure('resendResetEmail', 'tooManyRequests', 'too_many_requests', 429),
          failure('resendResetEmail', 'network', 'network_error', null),
        ];
      case 'resettingByEmail':
        return [
          done('resetByEmailCode', result),
          failure('resetByEmailCode', 'verificationCodeInvalid', 'verification_code_invalid', 400),
          failure('resetByEmailCode', 'verificationCodeExpired', 'verification_code_expired', 400),
          failure('resetByEmailCode', 'network', 'network_error', null),
        ];
      case 'resetting':
        return [
          done('resetByMobile', result),
          failure('resetByMobile', 'verificationCodeInvalid', 'verification_code_invalid', 400),
          failure('resetByMobile', 'verificationCodeExpired', 'verification_code_expired', 400),
          failure('resetByMobile', 'network', 'network_error', null),
        ];
      default:
        return [];
    }
  },
};

// ---- On the site ---------------------------------------------------------------------------

const POPUP = 'Forgot password';
const URL_OF = {
  sendEmail: '**/wps/member/password/email',
  resetByEmail: '**/wps/member/password/email/reset',
  resetByMobile: '**/wps/member/password/verification',
} as const;
/** The popup's message for each error the machine keeps. */
const ERROR_TEXTS: Record<string, string> = {
  field_invalid: 'Please fill in the fields correctly.',
  email_mismatch: 'Username/email does not exist.',
  too_many_requests: 'Too many requests. Please try again later.',
  network_error: 'Network link abnormal, please try again.',
  verification_code_invalid: 'Invalid or missing verification code.',
  verification_code_expired: 'The code has expired. Please send it again.',
  // Anything else the page cannot name.
  unknown_error: 'Unknown error.',
};
const CODE_FIELDS = { verificationCode: 'Verification code', newPassword: 'New password' };
const NEW_PASSWORD = 'fresh123';
const refusal = (status: number, code: string, message: string) => ({
  status,
  json: { success: false, value: null, code, message },
});

interface ForgotScene {
  tab: ForgotTab;
  /** The second step's form (the mailed code) is shown. */
  codeForm: boolean;
  /** The path's own player, asked for by username and e-mail. */
  account: { username: string; email: string } | null;
  /** The path's player registered by mobile, once one was needed. */
  owner: { mobile: string; name: string } | null;
  /** The SMS code the path's last real send got. */
  sent: SentCode | null;
  /** The name the header shows once logged in. */
  name: string | null;
  /** Reset mails the site sent the path's player (it sends five an hour at most). */
  mails: number;
}
/** server/domain/identity/passwordChanges.ts RESET_MAILS. */
const RESET_MAILS_PER_HOUR = 5;
const scenes = new WeakMap<PathRun, ForgotScene>();
const sceneOf = (run: PathRun) => scenes.get(run)!;
const popupOf = (page: Page) => page.getByRole('dialog', { name: POPUP });
const tabName = (tab: ForgotTab) => (tab === 'email' ? 'E-mail' : 'Mobile');

/** The path's player: registered through the site's API, with its e-mail address. */
async function accountOf(run: PathRun) {
  const scene = sceneOf(run);
  if (!scene.account) {
    const { username } = await run.account('player');
    // The runner registers its players with this address (testers/paths/runner.ts).
    scene.account = { username, email: `${username}@example.test` };
  }
  return scene.account;
}

/** One more real reset mail to the path's player: the site refuses a sixth within the hour. */
function mailOnce(run: PathRun) {
  const scene = sceneOf(run);
  if (scene.mails >= RESET_MAILS_PER_HOUR) {
    run.cannot(
      `the site sends a member at most ${RESET_MAILS_PER_HOUR} reset mails an hour; this path asks for another`,
    );
  }
  scene.mails += 1;
}

const release =
  (url: string, answer: 'continue' | 'abort' | { status: number; json: unknown }) =>
  async (run: PathRun) => {
    await run.release(url, answer);
  };

const busy = async (run: PathRun) => {
  await expect(popupOf(run.page).getByRole('button', { name: 'Loading…' })).toBeDisabled();
};

/** The first form, e-mail tab: the player's username and its address (or another one). */
async function submitEmail(run: PathRun, step: PathStep, empty: boolean) {
  const popup = popupOf(run.page);
  let username = '';
  let email = '';
  if (!empty) {
    const account = await accountOf(run);
    username = account.username;
    email =
      answersAfter(step)[0] === 'sendResetEmail.error:emailMismatch'
        ? `other-${account.email}`
        : account.email;
  }
  await popup.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
  await popup.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  if (!empty) await run.hold(URL_OF.sendEmail);
  await popup.getByRole('button', { name: 'Send', exact: true }).click();
}

/**
 * The first form, mobile tab: the number of a player registered by mobile for the path, with
 * the code the outbox got for it (or another one, for a refused code); for answers forced at
 * the network, a number and a code that are never sent.
 */
async function submitMobile(run: PathRun, step: PathStep, empty: boolean) {
  const scene = sceneOf(run);
  const popup = popupOf(run.page);
  const outcome = answersAfter(step)[0];
  const real = ['resetByMobile.done', 'resetByMobile.error:verificationCodeInvalid'].includes(
    outcome ?? '',
  );
  const values = { mobile: '', code: '', password: '' };
  if (!empty) {
    Object.assign(values, { mobile: freshMobile('98'), code: '123456', password: NEW_PASSWORD });
    if (real) {
      scene.owner ??= await registerByMobile(run, '97');
      values.mobile = scene.owner.mobile;
    }
  }
  await popup.getByRole('textbox', { name: 'Mobile number', exact: true }).fill(values.mobile);
  if (real) {
    // The path's code while it is good (a new send waits out the countdown of the last).
    if (!stillGood(scene.sent)) scene.sent = await sendCodeTo(run.page, popup, values.mobile);
    const sent = scene.sent;
    if (outcome === 'resetByMobile.done') {
      values.code = sent.code;
      scene.name = scene.owner!.name;
    } else {
      values.code = wrongCode(sent.code);
      sent.guesses += 1;
    }
  }
  await popup.getByRole('textbox', { name: 'Verification code', exact: true }).fill(values.code);
  await popup.getByRole('textbox', { name: 'New password', exact: true }).fill(values.password);
  if (!empty) await run.hold(URL_OF.resetByMobile);
  await popup.getByRole('button', { name: 'Reset password', exact: true }).click();
}

/** The second form: the mailed code (the newest in the outbox, or another) and a new password. */
async function submitCode(
  run: PathRun,
  step: PathStep,
  values: { code?: string; password: string },
) {
  const popup = popupOf(run.page);
  const outcome = answersAfter(step)[0];
  let code = values.code;
  if (code === undefined) {
    const account = await accountOf(run);
    code = (await outboxCode(run.page, account.email)).code;
    if (outcome === 'resetByEmailCode.error:verificationCodeInvalid') code = wrongCode(code);
    if (outcome === 'resetByEmailCode.done') sceneOf(run).name = account.username;
  }
  for (const [field, value] of [
    ['verificationCode', code],
    ['newPassword', values.password],
  ] as const) {
    await popup.getByRole('textbox', { name: CODE_FIELDS[field], exact: true }).fill(value);
  }
  if (values.code === undefined) await run.hold(URL_OF.resetByEmail);
  await popup.getByRole('button', { name: 'Reset password', exact: true }).click();
}

const submitDriver = (empty: boolean) => async (run: PathRun, step: PathStep) => {
  const scene = sceneOf(run);
  if (scene.codeForm)
    await submitCode(run, step, empty ? { code: '', password: '' } : { password: NEW_PASSWORD });
  else if (scene.tab === 'email') await submitEmail(run, step, empty);
  else await submitMobile(run, step, empty);
};

/**
 * On the site: the forgot-password popup, opened from the login popup as a visitor would. The
 * e-mail tab asks for a player registered for the path (through the site's API), and reads
 * the mailed code from the development tools' outbox; the mobile tab resets a player
 * registered by mobile for the path, with the SMS code from the outbox. A wrong address or
 * code is typed for real; what nobody can cause on demand is forced at the network: a rate
 * limit, an expired code, a lost network. Each call is held until the path says how it is
 * answered, so the busy states can be seen.
 */
export const forgotPasswordPage: PageRegistry<typeof forgotPasswordMachine> = {
  model: forgotPasswordPaths,
  // SMS and e-mailed codes come from the development tools' outbox.
  needs: ['devTools'],
  start: async (run) => {
    scenes.set(run, {
      ...{ tab: 'email', codeForm: false, account: null },
      ...{ owner: null, sent: null, name: null, mails: 0 },
    });
    // The path's own address: the site's limits per address (reset mails, SMS codes) count
    // this path's asks only, not every other path's of the run.
    await run.context.setExtraHTTPHeaders({ 'x-forwarded-for': ownAddress() });
    await run.page.goto('/login');
    await run.page
      .getByRole('dialog', { name: 'Log in' })
      .getByRole('button', { name: 'Forgot password?' })
      .click({ timeout: 20_000 });
    await expect(popupOf(run.page).getByRole('button', { name: 'Send', exact: true })).toBeVisible({
      timeout: 20_000,
    });
  },
  states: {
    editing: async (run, { context }) => {
      const popup = popupOf(run.page);
      await expect(popup.getByRole('tab', { name: tabName(context.tab) })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      const submit = context.tab === 'email' ? 'Send' : 'Reset password';
      await expect(popup.getByRole('button', { name: submit, exact: true })).toBeEnabled();
      await expectFormError(popup, ERROR_TEXTS, context.error);
    },
    sendingEmail: busy,
    emailCode: async (run, { context }) => {
      const popup = popupOf(run.page);
      await expect(popup.getByRole('status')).toContainText(
        `We sent a code to ${sceneOf(run).account?.email}.`,
      );
      await Promise.all(
        ['Reset password', 'Send the code again', 'Change username or e-mail'].map((name) =>
          expect(popup.getByRole('button', { name })).toBeEnabled(),
        ),
      );
      await Promise.all([
        expectFlagged(
          new Map(
            Object.entries(CODE_FIELDS).map(([field, label]) => [
              popup.getByRole('textbox', { name: label, exact: true }),
              Boolean(context.errors[field]),
            ]),
          ),
        ),
        // A form the machine finds wrong flags its fields instead of a message.
        expectFormError(
          popup,
          ERROR_TEXTS,
          context.error === 'field_invalid' ? null : context.error,
        ),
      ]);
    },
    resendingEmail: async (run) => {
      await busy(run);
      await expect(
        popupOf(run.page).getByRole('button', { name: 'Send the code again' }),
      ).toBeDisabled();
    },
    resettingByEmail: async (run) => {
      await busy(run);
      await expect(popupOf(run.page).getByRole('status')).toContainText('We sent a code to');
    },
    resetting: busy,
    loggedIn: async (run) => {
      await expect(popupOf(run.page)).toBeHidden({ timeout: 15_000 });
      const banner = run.page.getByRole('banner');
      await expect(banner.getByRole('button', { name: sceneOf(run).name! })).toBeVisible();
      await expect(banner.getByRole('button', { name: 'Log in' })).toHaveCount(0);
    },
  },
  events: {
    switchTab: async (run, step) => {
      const { tab } = step.event as Extract<ForgotPasswordEvent, { type: 'forgot.switchTab' }>;
      await popupOf(run.page)
        .getByRole('tab', { name: tabName(tab) })
        .click();
      sceneOf(run).tab = tab;
    },
    submit: submitDriver(false),
    'submit:empty': submitDriver(true),
    // A new password without a digit: the form refuses it by the registration rule.
    'submit:weakPassword': async (run, step) => {
      await submitCode(run, step, { code: '123456', password: 'freshpass' });
    },
    resend: async (run) => {
      await run.hold(URL_OF.sendEmail);
      await popupOf(run.page).getByRole('button', { name: 'Send the code again' }).click();
    },
    back: async (run) => {
      await popupOf(run.page).getByRole('button', { name: 'Change username or e-mail' }).click();
      sceneOf(run).codeForm = false;
    },
    'sendResetEmail.done': async (run) => {
      mailOnce(run);
      await run.release(URL_OF.sendEmail, 'continue');
      sceneOf(run).codeForm = true;
    },
    // The address typed is not the player's.
    'sendResetEmail.error:emailMismatch': release(URL_OF.sendEmail, 'continue'),
    // Ten asks an hour from an address, five mails an hour to a member: not waited for.
    'sendResetEmail.error:tooManyRequests': release(
      URL_OF.sendEmail,
      refusal(429, 'too_many_requests', 'Too many requests. Please try again later.'),
    ),
    'sendResetEmail.error:network': release(URL_OF.sendEmail, 'abort'),
    'resendResetEmail.done': async (run) => {
      mailOnce(run);
      await run.release(URL_OF.sendEmail, 'continue');
    },
    'resendResetEmail.error:tooManyRequests': release(
      URL_OF.sendEmail,
      refusal(429, 'too_many_requests', 'Too many requests. Please try again later.'),
    ),
    'resendResetEmail.error:network': release(URL_OF.sendEmail, 'abort'),
    'resetByEmailCode.done': release(URL_OF.resetByEmail, 'continue'),
    // The code typed is not the one mailed.
    'resetByEmailCode.error:verificationCodeInvalid': release(URL_OF.resetByEmail, 'continue'),
    // A code lives five minutes: the path does not wait them out.
    'resetByEmailCode.error:verificationCodeExpired': release(
      URL_OF.resetByEmail,
      refusal(400, 'verification_code_expired', 'The code has expired. Please send a new one.'),
    ),
    'resetByEmailCode.error:network': release(URL_OF.resetByEmail, 'abort'),
    'resetByMobile.done': release(URL_OF.resetByMobile, 'continue'),
    // The code typed is not the one sent.
    'resetByMobile.error:verificationCodeInvalid': release(URL_OF.resetByMobile, 'continue'),
    'resetByMobile.error:verificationCodeExpired': release(
      URL_OF.resetByMobile,
      refusal(400, 'verification_code_expired', 'The code has expired. Please send a new one.'),
    ),
    'resetByMobile.error:network': release(URL_OF.resetByMobile, 'abort'),
  },
};
