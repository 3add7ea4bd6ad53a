import { expect, type Page } from '@playwright/test';
import type { PageRegistry, PathRun, PathStep } from '../registry';
import {
  answersAfter,
  freshMobile,
  outboxCode,
  ownAddress,
  registerByMobile,
  sendCodeTo,
  type SentCode,
  stillGood,
  wrongCode,
} from '../siteActions';
import type {
  ForgotPasswordEvent,
  forgotPasswordMachine,
  ForgotTab,
} from '../../../src/machines/forgotPassword';

/**
 * What makes each event of the forgot-password popup's paths happen on the site (issue 15):
 * the path's scene, the start, and a driver per event label. The page checks are in
 * forgotPassword.page.ts, the model in src/machines/forgotPassword.paths.ts.
 */

const POPUP = 'Forgot password';
const URL_OF = {
  sendEmail: '**/wps/member/password/email',
  resetByEmail: '**/wps/member/password/email/reset',
  resetByMobile: '**/wps/member/password/verification',
} as const;
export const CODE_FIELDS = { verificationCode: 'Verification code', newPassword: 'New password' };
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
export const sceneOf = (run: PathRun) => scenes.get(run)!;
export const popupOf = (page: Page) => page.getByRole('dialog', { name: POPUP });
export const tabName = (tab: ForgotTab) => (tab === 'email' ? 'E-mail' : 'Mobile');

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
    if (!stillGood(scene.sent)) scene.sent = await sendCodeTo(run, popup, values.mobile);
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
    code = (await outboxCode(run, account.email)).code;
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

/** Opens the forgot-password popup from the login popup, as a visitor would. */
export const startForgot = async (run: PathRun) => {
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
};

/** What makes each event happen, by its label. */
export const forgotPasswordDrivers: PageRegistry<typeof forgotPasswordMachine>['events'] = {
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
};
