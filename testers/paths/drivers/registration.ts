import { expect, type Page } from '@playwright/test';
import type { PageRegistry, PathRun, PathStep } from '../registry';
import {
  answersAfter,
  freshMobile,
  OWN_AGENT,
  sendCodeTo,
  type SentCode,
  stillGood,
  wrongCode,
} from '../siteActions';
import type {
  RegistrationEvent,
  registrationMachine,
  RegistrationTab,
} from '../../../src/machines/registration';

/**
 * What makes each event of the register popup's paths happen on the site (issue 15): the
 * path's scene, the start, and a driver per event label. The page checks are in
 * registration.page.ts, the model in src/machines/registration.paths.ts.
 */

const POPUP = 'Create your account';
const URL_OF = {
  affiliate: '**/wps/agent/affiliate*',
  challenge: '**/wps/session/challenge',
  register: { username: '**/wps/member/register', mobile: '**/wps/member/register/mobile' },
} as const;
/** The form's fields by the model's names: their labels, and the tab that shows each. */
export const FIELDS: Record<string, { label: string; tab?: RegistrationTab }> = {
  username: { label: 'Username', tab: 'username' },
  mobileNum: { label: 'Mobile number', tab: 'mobile' },
  verificationCode: { label: 'Verification code', tab: 'mobile' },
  password: { label: 'Password' },
  confirmPassword: { label: 'Confirm password' },
  payeeName: { label: 'Real name' },
  email: { label: 'E-mail' },
  affiliateCode: { label: 'Invitation code' },
};
/** The form's own message for each error the machine keeps (the server's code, or its own). */
export const ERROR_TEXTS: Record<string, string> = {
  username_taken: 'This username is already taken.',
  mobile_taken: 'This mobile number is already registered.',
  challenge_failed: 'We could not verify you are human. Please try again.',
  network_error: 'Network link abnormal, please try again.',
  verification_code_invalid: 'Invalid or missing verification code.',
  verification_code_expired: 'The code has expired. Please send it again.',
  invitation_code_error: 'Invalid invitation code.',
  // Anything else the page cannot name.
  unknown_error: 'Unknown error.',
};
const PASSWORD = 'secret1';
/** What the server answers to force it, in its envelope. */
const refusal = (status: number, code: string, message: string) => ({
  status,
  json: { success: false, value: null, code, message },
});

interface RegistrationScene {
  tab: RegistrationTab;
  /** The name the header shows once registered: the username, or m + dialing code + number. */
  name: string | null;
  /** The invitation code of the path's agent, once one was made. */
  agentCode: string | null;
  /** The SMS code the path's last real send got. */
  sent: SentCode | null;
}
const scenes = new WeakMap<PathRun, RegistrationScene>();
export const sceneOf = (run: PathRun) => scenes.get(run)!;
export const popupOf = (page: Page) => page.getByRole('dialog', { name: POPUP });

const hex = (length: number) =>
  Array.from({ length }, () => Math.floor(Math.random() * 16).toString(16)).join('');

type SubmitKind = 'valid' | 'affiliateCode' | 'empty' | 'inconsistent';

/**
 * The user fills the form of the tab it is on and presses Register. What it types is chosen
 * by the server answers the path wants next: a name another player already has, a real
 * agent's invitation code or one nobody has, the SMS code the outbox received or another
 * one. The call the next answer belongs to is held, so the state before it can be seen.
 */
const submitDriver = (kind: SubmitKind) => async (run: PathRun, step: PathStep) => {
  const scene = sceneOf(run);
  const popup = popupOf(run.page);
  const answers = answersAfter(step);
  const outcome = answers.find((label) => label.startsWith('submitRegistration.'));
  const values: Record<string, string> = Object.fromEntries(
    Object.entries(FIELDS)
      .filter(([, field]) => !field.tab || field.tab === scene.tab)
      .map(([name]) => [name, '']),
  );
  if (kind !== 'empty') {
    Object.assign(values, { password: PASSWORD, confirmPassword: PASSWORD });
    if (kind === 'inconsistent') values.confirmPassword = 'secret2';
    if (scene.tab === 'username') {
      values.username =
        outcome === 'submitRegistration.error:usernameTaken'
          ? (await run.account('player')).username
          : `r${hex(8)}`;
      scene.name = values.username;
    } else {
      // The path's code while it is good (a new send waits out the countdown of the last).
      values.mobileNum = stillGood(scene.sent) ? scene.sent.mobile : freshMobile('96');
      values.verificationCode = '123456';
      scene.name = `m84${values.mobileNum}`;
    }
    if (kind === 'affiliateCode') {
      if (answers.includes('checkAffiliate.done')) {
        run.need(AGENT_CODE, ['devTools']);
        scene.agentCode ??= (await run.account('agent')).affiliateCode!;
        values.affiliateCode = scene.agentCode;
      } else values.affiliateCode = `NO${hex(8).toUpperCase()}`;
    }
  }
  for (const [name, value] of Object.entries(values)) {
    await popup.getByRole('textbox', { name: FIELDS[name]!.label, exact: true }).fill(value);
  }
  // The server checks the SMS code only when the path lets the submit reach it for real.
  const real = [
    'submitRegistration.done',
    'submitRegistration.error:verificationCodeInvalid',
  ].includes(outcome ?? '');
  if (scene.tab === 'mobile' && (kind === 'valid' || kind === 'affiliateCode') && real) {
    if (!stillGood(scene.sent) || scene.sent.mobile !== values.mobileNum) {
      scene.sent = await sendCodeTo(run, popup, values.mobileNum!);
    }
    const sent = scene.sent;
    const right = outcome === 'submitRegistration.done';
    if (!right) sent.guesses += 1;
    await popup
      .getByRole('textbox', { name: 'Verification code' })
      .fill(right ? sent.code : wrongCode(sent.code));
  }
  await popup
    .getByRole('checkbox', { name: /I am 18 or older/ })
    .setChecked(kind === 'valid' || kind === 'affiliateCode');
  if (kind === 'affiliateCode') await run.hold(URL_OF.affiliate);
  if (kind === 'valid') await run.hold(URL_OF.challenge);
  await popup.getByRole('button', { name: 'Register' }).click();
};

/** The held registration call, answered: by the site, or with `answer` (forced). */
const registerAnswer =
  (answer: 'continue' | 'abort' | { status: number; json: unknown }) => async (run: PathRun) => {
    await run.release(URL_OF.register[sceneOf(run).tab], answer);
  };

/** Opens the register popup (/register) of a visitor. */
export const startRegistration = async (run: PathRun) => {
  scenes.set(run, { tab: 'username', name: null, agentCode: null, sent: null });
  await run.page.goto('/register');
  // The popup loads with its field rules: slow on a busy machine.
  await expect(
    popupOf(run.page).getByRole('button', { name: 'Register', exact: true }),
  ).toBeVisible({ timeout: 20_000 });
};

/** What makes each event happen, by its label. */
/** A real agent's invitation code: an agent of the path's own (the development tools). */
export const AGENT_CODE = `a real agent's invitation code (${OWN_AGENT})`;

export const registrationDrivers: PageRegistry<typeof registrationMachine>['events'] = {
  switchTab: async (run, step) => {
    const { tab } = step.event as Extract<RegistrationEvent, { type: 'register.switchTab' }>;
    await popupOf(run.page)
      .getByRole('tab', { name: tab === 'username' ? 'Username' : 'Mobile' })
      .click();
    sceneOf(run).tab = tab;
  },
  submit: submitDriver('valid'),
  'submit:affiliateCode': submitDriver('affiliateCode'),
  'submit:empty': submitDriver('empty'),
  'submit:inconsistent': submitDriver('inconsistent'),
  'checkAffiliate.done': async (run) => {
    await run.hold(URL_OF.challenge);
    await run.release(URL_OF.affiliate, 'continue');
  },
  // The code typed is one no agent has: the site refuses it.
  'checkAffiliate.error:invitationCodeError': async (run) => {
    await run.release(URL_OF.affiliate, 'continue');
  },
  // A read is tried three times (src/api/http.ts): the network is gone for all of them.
  'checkAffiliate.error:network': async (run) => {
    await run.page.route(URL_OF.affiliate, (route) => route.abort('internetdisconnected'), {
      times: 2,
    });
    await run.release(URL_OF.affiliate, 'abort');
  },
  dismiss: async (run) => {
    await run.page
      .getByRole('alertdialog', { name: ERROR_TEXTS.invitation_code_error })
      .getByRole('button', { name: 'Confirm' })
      .click();
  },
  'proveHuman.done': async (run) => {
    const register = URL_OF.register[sceneOf(run).tab];
    await run.hold(register);
    await run.release(URL_OF.challenge, 'continue');
    // The page solves the proof of work, then registers (held): seconds at a real difficulty.
    await run.made(register);
  },
  // No challenge to solve: the site is down for maintenance as far as the page can tell.
  'proveHuman.error': async (run) => {
    await run.release(URL_OF.challenge, refusal(503, 'maintenance', 'System maintenance.'));
  },
  'submitRegistration.done': registerAnswer('continue'),
  // The name typed is a player's registered just before (run.account).
  'submitRegistration.error:usernameTaken': registerAnswer('continue'),
  // The server's own check of the proof (spent or out of time): nobody can cause it on demand.
  'submitRegistration.error:challengeFailed': registerAnswer(
    refusal(400, 'challenge_failed', 'Human verification failed.'),
  ),
  'submitRegistration.error:network': registerAnswer('abort'),
  // The number was registered by someone else between the code and the submit.
  'submitRegistration.error:mobileTaken': registerAnswer(
    refusal(409, 'mobile_taken', 'This mobile number is already registered.'),
  ),
  // The code typed is not the one the outbox received.
  'submitRegistration.error:verificationCodeInvalid': registerAnswer('continue'),
  // A code lives five minutes: the path does not wait them out.
  'submitRegistration.error:verificationCodeExpired': registerAnswer(
    refusal(400, 'verification_code_expired', 'The code has expired. Please send a new one.'),
  ),
};
