import { expect, type Locator, type Page } from '@playwright/test';
import type { PathModel } from '../../testers/paths/model';
import type { PageRegistry, PathRun, PathStep } from '../../testers/paths/registry';
import { ownAddress } from '../../testers/paths/siteActions';
import { ApiError } from '../api/http';
import type { FieldRule, FieldSetting } from '../shared/fieldRules';
import type { LoginResult } from '../shared/identity';
import { type RegistrationEvent, registrationMachine, type RegistrationTab } from './registration';

const rule = (acceptedPattern: string, patternId: string, minLength: number, maxLength: number) =>
  ({ acceptedPattern, patternId, minLength, maxLength }) satisfies FieldRule;
const shown: FieldSetting = { enabled: true, required: false };
/** The shipped configuration (config/platform.json): its enabled fields, both tabs offered. */
const input = {
  settings: {
    username: { enabled: true, required: true },
    password: { enabled: true, required: true },
    payeeName: shown,
    email: shown,
    mobileNum: shown,
    affiliateCode: shown,
  },
  rules: {
    username: rule('^[A-Za-z][A-Za-z0-9]*$', 'LETTER_FIRST_ALNUM', 4, 16),
    password: rule('^(?=.*[A-Za-z])(?=.*[0-9])[\\x21-\\x7e]+$', 'LETTERS_AND_DIGITS', 6, 20),
    payeeName: rule('^[A-Za-z ]+$', 'ENGLISH_SPACES', 2, 40),
    email: rule('^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', 'MAILBOX', 5, 60),
    mobileNum: rule('^[0-9]+$', 'DIGITS', 6, 15),
    affiliateCode: rule('^[A-Za-z0-9]+$', 'ALNUM', 4, 16),
  },
  referralCode: null,
  mobileEnabled: true,
};

/** What each tab's form sends, filled in: the optional fields left empty, as the page sends them. */
const filled: Record<RegistrationTab, Record<string, string>> = {
  username: { username: 'alice1', password: 'secret1', confirmPassword: 'secret1' },
  mobile: {
    ...{ countryDialingCode: '84', mobileNum: '912345678', verificationCode: '123456' },
    ...{ password: 'secret1', confirmPassword: 'secret1' },
  },
};
const optional = { payeeName: '', email: '', affiliateCode: '', referralCode: '' };
const blank = (fields: Record<string, string>) =>
  Object.fromEntries(
    Object.keys(fields).map((name) => [name, name === 'countryDialingCode' ? '84' : '']),
  );
const result: LoginResult = {
  ...{ token: 'token-1', firstTimeLogin: true, passwordExpired: false, defaultPassword: false },
};
const refused = (label: string, code: string, status: number | null) => ({
  label: `submitRegistration.error:${label}`,
  event: {
    type: 'xstate.error.actor.submitRegistration',
    error: new ApiError(code, code, status),
  },
});

/**
 * The register popup's paths (issue 15): both tabs, filled in right, left empty, or with the
 * passwords differing and the terms unticked; an invitation code that the server accepts,
 * refuses or cannot check (the same dialog, dismissed); the proof of work failing; the server's
 * answers (a taken name, its own proof check, a network failure; on the mobile tab a taken
 * number, a wrong or expired SMS code).
 */
export const registrationPaths: PathModel<typeof registrationMachine> = {
  id: 'registration',
  machine: registrationMachine,
  input,
  // What the form shows: the tab, the flagged fields, the error message.
  key: ({ value, context: c, status }) =>
    status === 'active'
      ? [String(value), c.tab, Object.keys(c.errors).sort().join(','), c.error ?? '']
          .filter(Boolean)
          .join('#')
      : String(value),
  events: ({ value, context: { tab } }) => {
    const submit = (label: string, fields: Record<string, string>, acceptedTerms = true) => ({
      label,
      event: { type: 'register.submit', fields: { ...optional, ...fields }, acceptedTerms },
    });
    switch (value) {
      case 'editing':
        return [
          {
            label: 'switchTab',
            event: { type: 'register.switchTab', tab: tab === 'username' ? 'mobile' : 'username' },
          },
          submit('submit', filled[tab]),
          submit('submit:affiliateCode', { ...filled[tab], affiliateCode: 'AGENT1' }),
          submit('submit:empty', blank(filled[tab]), false),
          submit('submit:inconsistent', { ...filled[tab], confirmPassword: 'secret2' }, false),
        ];
      case 'checkingAffiliate':
        // The page's check answers true or fails: it never answers false.
        return [
          {
            label: 'checkAffiliate.done',
            event: { type: 'xstate.done.actor.checkAffiliate', output: true },
          },
          {
            label: 'checkAffiliate.error:invitationCodeError',
            event: {
              type: 'xstate.error.actor.checkAffiliate',
              error: new ApiError('invitation_code_error', 'Invalid invitation code.', 400),
            },
          },
          {
            label: 'checkAffiliate.error:network',
            event: {
              type: 'xstate.error.actor.checkAffiliate',
              error: new ApiError('network_error', 'offline', null),
            },
          },
        ];
      case 'affiliateRejected':
        return [{ label: 'dismiss', event: { type: 'register.dismiss' } }];
      case 'provingHuman':
        return [
          {
            label: 'proveHuman.done',
            event: { type: 'xstate.done.actor.proveHuman', output: 'altcha-payload' },
          },
          {
            label: 'proveHuman.error',
            event: {
              type: 'xstate.error.actor.proveHuman',
              error: new Error('challenge unavailable'),
            },
          },
        ];
      case 'submitting': {
        const done = {
          label: 'submitRegistration.done',
          event: { type: 'xstate.done.actor.submitRegistration', output: result },
        };
        if (tab === 'mobile') {
          return [
            done,
            refused('mobileTaken', 'mobile_taken', 409),
            refused('verificationCodeInvalid', 'verification_code_invalid', 400),
            refused('verificationCodeExpired', 'verification_code_expired', 400),
          ];
        }
        return [
          done,
          refused('usernameTaken', 'username_taken', 409),
          // The server's own check of the proof (spent or out of time).
          refused('challengeFailed', 'challenge_failed', 400),
          refused('network', 'network_error', null),
        ];
      }
      default:
        return [];
    }
  },
};

// ---- On the site ---------------------------------------------------------------------------

const POPUP = 'Create your account';
const URL_OF = {
  affiliate: '**/wps/agent/affiliate*',
  challenge: '**/wps/session/challenge',
  register: { username: '**/wps/member/register', mobile: '**/wps/member/register/mobile' },
} as const;
/** The form's fields by the model's names: their labels, and the tab that shows each. */
const FIELDS: Record<string, { label: string; tab?: RegistrationTab }> = {
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
const ERROR_TEXTS: Record<string, string> = {
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
/** The messages of the two checks beyond the fields' own rules. */
const INCONSISTENT = 'The passwords are inconsistent twice: please type the same password.';
const TERMS = 'Please accept the terms and confirm you are 18 or older.';
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
const sceneOf = (run: PathRun) => scenes.get(run)!;
const popupOf = (page: Page) => page.getByRole('dialog', { name: POPUP });

const hex = (length: number) =>
  Array.from({ length }, () => Math.floor(Math.random() * 16).toString(16)).join('');
/** A mobile number nobody has (nine digits, `prefix` first). */
export const freshMobile = (prefix: string) =>
  `${prefix}${String(Math.floor(Math.random() * 10 ** 7)).padStart(7, '0')}`;
/** Another six-digit code than `code`: a code typed wrong. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/**
 * The server's answers the path gives the user's step: the labels after it up to the next
 * user step (a user's label names no actor: `submit`, `switchTab`, `dismiss`).
 */
export const answersAfter = (step: PathStep) => {
  const next = step.next.findIndex((label) => !label.includes('.'));
  return next === -1 ? step.next : step.next.slice(0, next);
};

/**
 * The newest code the development tools' outbox holds for `recipient` (a +dialing-code number
 * or an e-mail address), once one newer than message `after` has come.
 */
export async function outboxCode(
  page: Page,
  recipient: string,
  after = 0,
): Promise<{ id: number; code: string }> {
  let found: { id: number; code: string } | null = null;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(
          `/wps/dev/outbox?recipient=${encodeURIComponent(recipient)}`,
        );
        if (response.status() === 404) {
          throw new Error('the codes come from the outbox: run the site with DEV_TOOLS=1');
        }
        const [newest] = ((await response.json()) as { value: { id: string; body: string }[] })
          .value;
        const code = newest?.body.match(/\b(\d{6})\b/)?.[1];
        found =
          newest && code && Number(newest.id) > after ? { id: Number(newest.id), code } : null;
        return found;
      },
      { message: `a code for ${recipient} in the outbox`, timeout: 15_000 },
    )
    .not.toBeNull();
  return found!;
}

/** The id of the newest message for `recipient` (0 for none): read it before a send. */
export async function outboxMark(page: Page, recipient: string): Promise<number> {
  const response = await page.request.get(
    `/wps/dev/outbox?recipient=${encodeURIComponent(recipient)}`,
  );
  const [newest] = ((await response.json()) as { value: { id: string }[] }).value;
  return Number(newest?.id ?? 0);
}

/**
 * Sends the SMS code from a form's "Send code" button until its countdown shows. The site
 * refuses a second send from the same address within a second ("Please wait a moment"): a
 * person clicks again, and so does this.
 */
export async function sendSmsCode(form: Locator): Promise<void> {
  const send = form.getByRole('button', { name: 'Send code' });
  await expect(async () => {
    if (await send.isEnabled({ timeout: 500 }).catch(() => false)) await send.click();
    await expect(form.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled({
      timeout: 5_000,
    });
  }).toPass({ timeout: 30_000 });
}

/** Each field is flagged invalid (aria-invalid) or not, as given; checked all at once. */
export async function expectFlagged(fields: Map<Locator, boolean>): Promise<void> {
  await Promise.all(
    [...fields].map(([box, invalid]) =>
      invalid
        ? // Flagged, and its message read out with it (linked by aria-describedby).
          Promise.all([
            expect(box).toHaveAttribute('aria-invalid', 'true'),
            expect(box).toHaveAccessibleDescription(/\S/),
          ])
        : expect(box).not.toHaveAttribute('aria-invalid'),
    ),
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The form shows the message of error `shown` (none for null), and none of the others. */
export async function expectFormError(
  form: Locator,
  texts: Record<string, string>,
  shown: string | null,
): Promise<void> {
  const others = Object.entries(texts)
    .filter(([code]) => code !== shown)
    .map(([, text]) => escapeRegExp(text));
  await Promise.all([
    expect(form.getByRole('alert').filter({ hasText: new RegExp(others.join('|')) })).toHaveCount(
      0,
    ),
    shown === null
      ? Promise.resolve()
      : expect(form.getByRole('alert').filter({ hasText: texts[shown]! })).toBeVisible(),
  ]);
}

/** An SMS code the path had sent, and how many wrong guesses the server has counted on it. */
export interface SentCode {
  mobile: string;
  code: string;
  sentAt: number;
  guesses: number;
}

/**
 * Whether the path's last code can be typed again: five wrong guesses burn a code and it lives
 * five minutes (server/domain/identity/verificationCodes.ts), so a margin is kept on both.
 */
export const stillGood = (sent: SentCode | null): sent is SentCode =>
  sent !== null && sent.guesses < 4 && Date.now() - sent.sentAt < 4 * 60_000;

/**
 * A code for the number typed in `form`, sent from its button and read from the outbox. A
 * countdown from the path's previous send must end first, as it must for a person (a minute
 * at most): a path reuses its code while it is good instead (`stillGood`).
 */
export async function sendCodeTo(page: Page, form: Locator, mobile: string): Promise<SentCode> {
  const recipient = `+84${mobile}`;
  const mark = await outboxMark(page, recipient);
  await expect(form.getByRole('button', { name: 'Send code' })).toBeEnabled({ timeout: 70_000 });
  await sendSmsCode(form);
  const { code } = await outboxCode(page, recipient, mark);
  return { mobile, code, sentAt: Date.now(), guesses: 0 };
}

/**
 * A player registered by mobile through the register popup, in a browser of its own (the
 * number can then receive login and reset codes). Answers the number and its password.
 */
export async function registerByMobile(
  run: PathRun,
  prefix: string,
): Promise<{ mobile: string; password: string; name: string }> {
  const page = await run.actor('mobile owner');
  // From an address of its own: the site's SMS limits per address are then this owner's.
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': ownAddress() });
  const mobile = freshMobile(prefix);
  const password = 'abc12345';
  await page.goto('/register');
  const popup = popupOf(page);
  await popup.getByRole('tab', { name: 'Mobile' }).click({ timeout: 20_000 });
  await popup.getByRole('textbox', { name: 'Mobile number' }).fill(mobile);
  const { code } = await sendCodeTo(page, popup, mobile);
  await popup.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await popup.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await popup.getByRole('textbox', { name: 'Confirm password' }).fill(password);
  await popup.getByRole('checkbox', { name: /I am 18 or older/ }).check();
  await popup.getByRole('button', { name: 'Register' }).click();
  await expect(popup).toBeHidden({ timeout: 20_000 });
  run.note(`registered mobile +84${mobile}`);
  return { mobile, password, name: `m84${mobile}` };
}

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
      scene.sent = await sendCodeTo(run.page, popup, values.mobileNum!);
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

const busyButton = (name: string) => async (run: PathRun) => {
  await expect(popupOf(run.page).getByRole('button', { name, exact: true })).toBeDisabled();
};

/**
 * On the site: the register popup (/register) of a visitor. A path types a fresh name or
 * number of its own; the answers it needs come from the site itself where a person can cause
 * them — a name a player registered first, a wrong invitation code or a real agent's (the
 * development tools make the agent), the code the SMS outbox got or a wrong one — and are
 * forced at the network where nobody can on demand: a lost network, a failed human check, an
 * expired code, a number registered meanwhile by someone else. Each call is held until the
 * path says how it is answered, so the busy states can be seen.
 */
export const registrationPage: PageRegistry<typeof registrationMachine> = {
  model: registrationPaths,
  // SMS and e-mailed codes come from the development tools' outbox.
  needs: ['devTools'],
  start: async (run) => {
    scenes.set(run, { tab: 'username', name: null, agentCode: null, sent: null });
    await run.page.goto('/register');
    // The popup loads with its field rules: slow on a busy machine.
    await expect(
      popupOf(run.page).getByRole('button', { name: 'Register', exact: true }),
    ).toBeVisible({ timeout: 20_000 });
  },
  states: {
    editing: async (run, { context }) => {
      const popup = popupOf(run.page);
      await expect(popup.getByRole('button', { name: 'Register', exact: true })).toBeEnabled();
      await expect(
        popup.getByRole('tab', { name: context.tab === 'username' ? 'Username' : 'Mobile' }),
      ).toHaveAttribute('aria-selected', 'true');
      const flagged = new Map(
        Object.entries(FIELDS)
          .filter(([, field]) => !field.tab || field.tab === context.tab)
          .map(([name, field]) => [
            popup.getByRole('textbox', { name: field.label, exact: true }),
            Boolean(context.errors[name]),
          ]),
      );
      flagged.set(
        popup.getByRole('checkbox', { name: /I am 18 or older/ }),
        !!context.errors.terms,
      );
      const confirm = popup.getByRole('textbox', { name: 'Confirm password', exact: true });
      const terms = popup.getByRole('alert').filter({ hasText: TERMS });
      await Promise.all([
        expectFlagged(flagged),
        expectFormError(popup, ERROR_TEXTS, context.error),
        expect(run.page.getByRole('alertdialog')).toHaveCount(0),
        // The passwords typed differently, and the terms unticked, say so in words.
        context.errors.confirmPassword === 'inconsistent'
          ? expect(confirm).toHaveAccessibleDescription(INCONSISTENT)
          : Promise.resolve(),
        context.errors.terms ? expect(terms).toBeVisible() : expect(terms).toHaveCount(0),
      ]);
    },
    checkingAffiliate: busyButton('Loading…'),
    affiliateRejected: async (run) => {
      await expect(
        run.page.getByRole('alertdialog', { name: ERROR_TEXTS.invitation_code_error }),
      ).toBeVisible();
      const popup = popupOf(run.page);
      await expect(
        popup.getByRole('alert').filter({ hasText: ERROR_TEXTS.invitation_code_error }),
      ).toBeVisible();
      await expect(popup.getByRole('button', { name: 'Register', exact: true })).toBeEnabled();
    },
    provingHuman: busyButton('Checking you are human…'),
    submitting: busyButton('Loading…'),
    registered: async (run) => {
      await expect(popupOf(run.page)).toBeHidden({ timeout: 15_000 });
      const banner = run.page.getByRole('banner');
      await expect(banner.getByRole('button', { name: sceneOf(run).name! })).toBeVisible();
      await expect(banner.getByRole('button', { name: 'Log in' })).toHaveCount(0);
    },
  },
  events: {
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
      await run.hold(URL_OF.register[sceneOf(run).tab]);
      await run.release(URL_OF.challenge, 'continue');
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
  },
};
