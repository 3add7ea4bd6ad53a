import { expect, type Locator } from '@playwright/test';
import type { PageRegistry, PathRun, PathStep, TestAccount } from '../registry';
import {
  awaitedLater,
  LOGIN_THROTTLE_MS,
  NEW_ADDRESS,
  outboxCode,
  outboxMark,
  ownAddress,
  SOLVING_CAPTCHA,
  wrongCode,
} from '../siteActions';
import { ApiError } from '../../../src/api/http';
import type { LoginResult } from '../../../src/shared/identity';
import type { loginMachine } from '../../../src/machines/login';

/**
 * What makes each event of the login popup's paths happen on the site (issue 15): the path's
 * scene (its address, its players, what it typed, the captcha shown), the start, and a driver
 * per event label. The page checks are in login.page.ts, the model in src/machines/login.paths.ts.
 */

const CHALLENGE_URL = '**/wps/session/challenge';
const LOGIN_URL = '**/wps/session/login';
const CAPTCHA_URL = '**/wps/captcha';

/** An account the path typed, with the wrong passwords the site has counted for it. */
interface Known {
  account: TestAccount;
  failures: number;
}

/** What one path of the login popup has done on the site so far. */
interface LoginRun {
  /** The browser's own address (X-Forwarded-For): its failed logins count for it alone. */
  address: string;
  /** The player registered from the browser's address that the username tab types. */
  home: Known | null;
  /** What the last submit typed: whose login the site answers next, and how. */
  typed: { who: string; tab: 'username' | 'mobile'; known: Known | null; forced: boolean } | null;
  /** When the site last answered a login of each account from the browser's address. */
  answered: Map<string, number>;
  /** The captcha the page shows (issued by the site), and whether a login has used it up. */
  captcha: { id: string; spent: boolean } | null;
  /** The mobile player of the mobile tab, and the login code the page had sent to it. */
  mobile: { account: TestAccount; code: string | null } | null;
  /** What the finished login shows: the member's name, or why the password must change. */
  finished: { nickname?: string; reason?: 'default' | 'expired' };
}

const runs = new WeakMap<PathRun, LoginRun>();
export const state = (run: PathRun) => runs.get(run)!;
export const popup = (run: PathRun) => run.page.getByRole('dialog', { name: 'Log in' });
export const logInButton = (form: Locator) =>
  form.getByRole('button', { name: 'Log in', exact: true });

const randomDigits = (count: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(count)), (byte) => byte % 10).join('');

/**
 * The player registered from the browser's address (so it logs in without the new-address
 * code), if the one the path has fits the failures the site must have counted; else a new one
 * whose password strangers got wrong `failedLogins` times.
 */
async function homePlayer(
  run: PathRun,
  fits: (failures: number) => boolean,
  failedLogins = 0,
): Promise<Known> {
  const path = state(run);
  if (path.home && fits(path.home.failures)) return path.home;
  const account = await run.account('player', { address: path.address, failedLogins });
  path.home = { account, failures: failedLogins };
  return path.home;
}

/** The answer the model's event stands for, as the server sends it (or a lost network). */
function forcedAnswer(step: PathStep): 'abort' | { status: number; json: unknown } {
  const event = step.event as { error?: unknown; output?: unknown };
  if (event.error instanceof ApiError) {
    const { code, message, status, value } = event.error;
    if (status === null) return 'abort';
    return { status, json: { success: false, value, code, message } };
  }
  return { status: 200, json: { success: true, value: event.output } };
}

/** Whether the server's refusal asks for the captcha (the page then loads one at once). */
const asksForCaptcha = (step: PathStep) => {
  const { error } = step.event as { error?: unknown };
  return (
    error instanceof ApiError && (error.value as { captcha?: boolean } | null)?.captcha === true
  );
};

/** The answer to the login the page sent: the site's own (`continue`) or the forced one. */
async function answerLogin(
  run: PathRun,
  step: PathStep,
  answer: 'continue' | 'abort' | { status: number; json: unknown },
) {
  const path = state(run);
  if (asksForCaptcha(step)) await run.hold(CAPTCHA_URL);
  if (answer !== 'continue') {
    await run.release(LOGIN_URL, answer);
    return;
  }
  const who = path.typed!.who;
  const last = path.answered.get(who);
  // The site takes one login a second per account and address: a second attempt of the same
  // account (the new-address code, the captcha) waits that second out, as a person would.
  const wait = last === undefined ? 0 : last + LOGIN_THROTTLE_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const response = awaitedLater(
    run.page.waitForResponse((reply) => reply.url().endsWith('/wps/session/login'), {
      timeout: 20_000,
    }),
  );
  await run.release(LOGIN_URL, 'continue');
  await response;
  path.answered.set(who, Date.now());
}

/** A refusal the site gave for the account typed: one more wrong attempt it has counted. */
function counted(run: PathRun) {
  const known = state(run).typed?.known;
  if (known) known.failures += 1;
}

/** The site's answer when it gives it for what was typed, else the model's answer forced. */
const siteOrForced = (extra?: (run: PathRun) => void) => async (run: PathRun, step: PathStep) => {
  const forced = state(run).typed?.forced ?? true;
  await answerLogin(run, step, forced ? forcedAnswer(step) : 'continue');
  if (!forced) extra?.(run);
};

/** A captcha the site issues for the browser's address (its one a second waited out). */
async function issuedCaptcha(run: PathRun): Promise<{ captchaId: string; image: string }> {
  let envelope: { success: boolean; value: { captchaId: string; image: string }; code?: string };
  await expect
    .poll(
      async () => {
        envelope = await (await run.page.request.get('/wps/captcha')).json();
        return envelope.success || envelope.code !== 'throttled';
      },
      { timeout: 10_000, intervals: [250] },
    )
    .toBe(true);
  if (!envelope!.success) throw new Error(`the site issued no captcha: ${envelope!.code}`);
  return envelope!.value;
}

/** What a person reads off the captcha image (the development tools' answer for it). */
async function captchaAnswer(run: PathRun): Promise<string> {
  const { captcha } = state(run);
  if (!captcha) return 'x';
  // A site without its development tools (production) keeps its captchas' answers to itself.
  run.need(SOLVING_CAPTCHA, ['devTools']);
  const reply = await run.page.request.get(`/wps/dev/captcha/${captcha.id}`);
  const { value } = (await reply.json()) as { value: { answer: string } | null };
  if (!value) throw new Error(`the development tools know no captcha ${captcha.id}`);
  return value.answer;
}

/** The fields a submit event carries (which tell the form: username, captcha, mobile, code). */
const fieldsOf = (step: PathStep) =>
  (step.event as { fields?: Record<string, string> }).fields ?? {};

/** Types the username tab's fields and sends them: the proof of work is held for the next step. */
async function submitUsername(run: PathRun, step: PathStep, withCaptcha: boolean) {
  const path = state(run);
  // The login's answer, after the proof of work: the account and password that cause it.
  const answer = step.next[0] === 'proveHuman.done' ? step.next[1] : undefined;
  const captchaUsable = path.captcha !== null && !path.captcha.spent;
  let known: Known | null = null;
  let wrongPassword = false;
  let captcha = withCaptcha ? await captchaAnswer(run) : undefined;
  let forced = false;
  switch (answer) {
    case 'submitLogin.done':
      // With a captcha to solve the site checks it; with none shown, an account it does not ask.
      known = await homePlayer(run, (failures) => (withCaptcha && captchaUsable) || failures <= 2);
      break;
    case 'submitLogin.done:defaultPassword':
      known = { account: await run.account('temporaryPassword'), failures: 0 };
      break;
    case 'submitLogin.done:passwordExpired':
      // No account's password expires on demand: the answer is forced, with a real session.
      known = await homePlayer(run, () => true);
      forced = true;
      break;
    case 'submitLogin.error:invalidCredentials':
      // The third wrong password asks for the captcha (without checking it), the first two don't.
      known = withCaptcha
        ? await homePlayer(run, (failures) => failures === 2, 2)
        : await homePlayer(run, (failures) => failures <= 1);
      wrongPassword = true;
      break;
    case 'submitLogin.error:invalidCredentials:captchaNext':
      known = await homePlayer(run, (failures) => failures === 2, 2);
      wrongPassword = true;
      break;
    case 'submitLogin.error:captchaRequired':
      known = await homePlayer(run, (failures) => failures >= 3, 3);
      break;
    case 'submitLogin.error:captchaInvalid':
      // From the fourth attempt on the site checks the captcha; with none shown, it is forced.
      known = await homePlayer(run, (failures) => failures >= 3, 3);
      forced = !captchaUsable;
      captcha = '0000';
      break;
    case 'submitLogin.error:ipVerificationRequired':
      // An account the site knows at another address only: it sends a code to its e-mail.
      run.need(NEW_ADDRESS, ['addresses']);
      known = {
        account: await run.account('player', { address: ownAddress() }),
        failures: 0,
      };
      break;
    default:
      // The proof of work fails, or the answer is forced (a lock, a cap, no network): no login
      // reaches the site, and a name nobody has will do.
      forced = true;
  }
  const username = known?.account.username ?? `v${randomDigits(8)}`;
  const password = wrongPassword ? 'wrong9999' : (known?.account.password ?? 'abc12345');
  path.typed = { who: username.toLowerCase(), tab: 'username', known, forced };
  const form = popup(run);
  await form.getByRole('textbox', { name: 'Username' }).fill(username);
  await form.getByRole('textbox', { name: 'Password' }).fill(password);
  if (captcha !== undefined) await form.getByRole('textbox', { name: 'Captcha' }).fill(captcha);
  await run.hold(CHALLENGE_URL);
  await logInButton(form).click();
}

/** Types the mobile tab's fields (the code the page had sent, when the site must judge it). */
async function submitMobile(run: PathRun, step: PathStep) {
  const path = state(run);
  const answer = step.next[0];
  const real =
    answer === 'submitLogin.done' || answer === 'submitLogin.error:verificationCodeInvalid';
  const form = popup(run);
  let number = path.mobile?.account.mobile ?? `9${randomDigits(8)}`;
  let code = '123456';
  if (real) {
    path.mobile ??= {
      account: await run.account('mobilePlayer', { address: ownAddress() }),
      code: null,
    };
    number = path.mobile.account.mobile!;
  }
  await form.getByRole('combobox', { name: 'Country code' }).selectOption('84');
  await form.getByRole('textbox', { name: 'Mobile number' }).fill(number);
  if (real && path.mobile) {
    if (path.mobile.code === null) {
      // The member asks for a code on the page; the operator reads what the site sent.
      const recipient = `+84${number}`;
      const mark = await outboxMark(run, recipient);
      await form.getByRole('button', { name: 'Send code' }).click();
      // Sent once the countdown shows (the page solves a proof of work first).
      await expect(form.getByRole('button', { name: /^Resend in/ })).toBeDisabled({
        timeout: 20_000,
      });
      path.mobile.code = (await outboxCode(run, recipient, mark)).code;
    }
    const sent = path.mobile.code!;
    code = answer === 'submitLogin.done' ? sent : wrongCode(sent);
  }
  await form.getByRole('textbox', { name: 'Verification code' }).fill(code);
  const known = real ? { account: path.mobile!.account, failures: 0 } : null;
  path.typed = { who: number, tab: 'mobile', known, forced: !real };
  await run.hold(LOGIN_URL);
  await logInButton(form).click();
}

/** The new-address code from the e-mail the site sent, right or wrong as the path needs. */
async function submitIpCode(run: PathRun, step: PathStep) {
  const path = state(run);
  const answer = step.next[0] === 'proveHuman.done' ? step.next[1] : undefined;
  const email = path.typed?.known?.account.email;
  let code = '123456';
  if (
    email &&
    (answer === 'submitLogin.done' || answer === 'submitLogin.error:verificationCodeInvalid')
  ) {
    // The code the site sent with its "new address" answer: in the outbox by now.
    const sent = (await outboxCode(run, email)).code;
    code = answer === 'submitLogin.done' ? sent : wrongCode(sent);
    path.typed!.forced = false;
  } else if (path.typed) {
    // The code expires after five minutes: the answer is forced.
    path.typed.forced = true;
  }
  const form = popup(run);
  await form.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await run.hold(CHALLENGE_URL);
  await form.getByRole('button', { name: 'Confirm' }).click();
}

async function forcedLogin(run: PathRun, step: PathStep) {
  await answerLogin(run, step, forcedAnswer(step));
}

/** The model's login result, carrying a session the site opened for `account`. */
function sessionAnswer(step: PathStep, account: TestAccount) {
  const { output } = step.event as { output?: LoginResult };
  if (!account.token) throw new Error(`no session was opened for ${account.username}`);
  return { status: 200, json: { success: true, value: { ...output, token: account.token } } };
}

/** Opens the login popup from the header, in a browser from an address of the path's own. */
export const startLogin = async (run: PathRun) => {
  const address = ownAddress();
  runs.set(run, {
    address,
    home: null,
    typed: null,
    answered: new Map(),
    captcha: null,
    mobile: null,
    finished: {},
  });
  run.note(`the browser's address: ${address}`);
  await run.context.setExtraHTTPHeaders({ 'x-forwarded-for': address });
  await run.page.goto('/');
  await run.page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
};

/** What makes each event happen, by its label. */
export const loginDrivers: PageRegistry<typeof loginMachine>['events'] = {
  switchTab: async (run, step) => {
    const tab = (step.event as { tab?: string }).tab === 'mobile' ? 'Mobile' : 'Username';
    await popup(run).getByRole('tab', { name: tab }).click();
  },
  submit: async (run, step) => {
    const fields = fieldsOf(step);
    if ('ipVerificationCode' in fields) await submitIpCode(run, step);
    else if ('mobileNum' in fields) await submitMobile(run, step);
    else await submitUsername(run, step, 'captcha' in fields);
  },
  'submit:empty': async (run, step) => {
    const fields = fieldsOf(step);
    const form = popup(run);
    if ('ipVerificationCode' in fields) {
      await form.getByRole('textbox', { name: 'Verification code' }).fill('');
      await form.getByRole('button', { name: 'Confirm' }).click();
      return;
    }
    const boxes =
      'mobileNum' in fields
        ? ['Mobile number', 'Verification code']
        : ['Username', 'Password', ...('captcha' in fields ? ['Captcha'] : [])];
    for (const name of boxes) await form.getByRole('textbox', { name }).fill('');
    await logInButton(form).click();
  },
  'proveHuman.done': async (run) => {
    await run.hold(LOGIN_URL);
    await run.release(CHALLENGE_URL, 'continue');
    // The page solves the proof of work, then logs in (held): seconds at a real difficulty.
    await run.made(LOGIN_URL);
  },
  'proveHuman.error': async (run) => {
    await run.release(CHALLENGE_URL, {
      status: 503,
      json: { success: false, value: null, code: 'maintenance', message: 'Try again later.' },
    });
  },
  'submitLogin.done': async (run, step) => {
    const path = state(run);
    await answerLogin(run, step, 'continue');
    path.finished = { nickname: path.typed!.known!.account.username };
    // The login is over: the page's time runs again (the popup fades out).
    await run.page.clock.resume();
  },
  'submitLogin.done:defaultPassword': async (run, step) => {
    const path = state(run);
    if (path.typed!.tab === 'username') {
      await answerLogin(run, step, 'continue');
      path.finished = { reason: 'default' };
    } else {
      // SMS logins never force a password change, and the site never flags them: forced,
      // with a real session (the path's player).
      const home = await homePlayer(run, () => true);
      await answerLogin(run, step, sessionAnswer(step, home.account));
      path.finished = { nickname: home.account.username };
    }
    await run.page.clock.resume();
  },
  'submitLogin.done:passwordExpired': async (run, step) => {
    const path = state(run);
    await answerLogin(run, step, sessionAnswer(step, path.typed!.known!.account));
    path.finished = { reason: 'expired' };
    await run.page.clock.resume();
  },
  'submitLogin.error:invalidCredentials': siteOrForced(counted),
  'submitLogin.error:invalidCredentials:captchaNext': siteOrForced(counted),
  'submitLogin.error:captchaRequired': siteOrForced(counted),
  'submitLogin.error:captchaInvalid': siteOrForced((run) => {
    counted(run);
    state(run).captcha!.spent = true;
  }),
  'submitLogin.error:ipVerificationRequired': siteOrForced((run) => {
    // The right password: the site forgets the account's wrong ones.
    state(run).typed!.known!.failures = 0;
  }),
  'submitLogin.error:verificationCodeInvalid': siteOrForced(),
  // Codes expire after five minutes, a lock takes ten failures, the new-address codes are
  // capped at five in fifteen minutes, non-members are the site's own system accounts, the
  // throttle is one second: forced.
  'submitLogin.error:verificationCodeExpired': forcedLogin,
  'submitLogin.error:accountLocked': forcedLogin,
  'submitLogin.error:tooManyRequests': forcedLogin,
  'submitLogin.error:notMember': forcedLogin,
  'submitLogin.error:throttled': forcedLogin,
  'submitLogin.error:network': forcedLogin,
  'loadCaptcha.done': async (run) => {
    // The page's clock stops before the captcha shows: its one-second refresh throttle passes
    // when the path says (captchaCooled).
    await run.pause();
    const captcha = await issuedCaptcha(run);
    state(run).captcha = { id: captcha.captchaId, spent: false };
    await run.release(CAPTCHA_URL, { status: 200, json: { success: true, value: captcha } });
  },
  'loadCaptcha.error': async (run) => {
    await run.pause();
    await run.release(CAPTCHA_URL, {
      status: 503,
      json: { success: false, value: null, code: 'maintenance', message: 'Try again later.' },
    });
  },
  captchaCooled: async (run) => {
    await run.advance(1_000);
  },
  refreshCaptcha: async (run) => {
    await run.hold(CAPTCHA_URL);
    await popup(run).getByRole('button', { name: 'Show another captcha' }).click();
  },
  cancel: async (run) => {
    await popup(run).getByRole('button', { name: 'Cancel' }).click();
  },
};
