/**
 * What a site gives a run of the paths, and how the runner tells the site defending itself (a
 * throttle, a cap per address, a captcha) from the page disagreeing with the model (issue 33).
 * A path never fails because the site did its job or the runner lacks a capability: it waits
 * where the site asks for a short wait, else it is cut short with the reason and the one
 * setting that lifts it. A failure means the page disagreed with the model.
 */

/**
 * What a path may need beyond a visitor's reach: the site's development tools (test-data
 * endpoints, the development outbox, captcha answers), the operator's calls (a token the site
 * takes: its outbox, maintenance, bonuses), and `addresses`: the site takes the runner's
 * X-Forwarded-For (it trusts the runner as its proxy), so each path comes from an address of
 * its own and the site's limits per address are the path's, not shared by the whole run.
 */
export type SiteNeed = 'devTools' | 'operator' | 'addresses';

export type SiteCapabilities = Record<SiteNeed, boolean>;

/** The one setting that gives a run each need. */
export const LIFTS: Record<SiteNeed, string> = {
  devTools: 'start the site with DEV_TOOLS=1 (a test site only: production refuses it)',
  operator:
    "give the site's operator token: --ops-token T or PATHS_OPS_TOKEN (the site's OPS_TOKEN)",
  addresses:
    "start the site with TRUST_PROXY=loopback, or the runner's address, so that it takes the runner's X-Forwarded-For: each path then comes from an address of its own",
};

/** Why a run lacks each need, to print beside its lift. */
const LACKS: Record<SiteNeed, string> = {
  devTools: 'the site has no development tools',
  operator: 'the run has no operator token the site takes',
  addresses: "the site does not take the runner's forwarded address",
};

/** "what: why; lift" for a step that needs one of `needs` (any of them will do). */
export function lacking(what: string, needs: readonly SiteNeed[]): string {
  const lifts = needs.map((need) => LIFTS[need]);
  return `${what}: ${needs.map((need) => LACKS[need]).join(', and ')} (${lifts.join('; or ')})`;
}

/**
 * A driver's (or the runner's) word that the site cannot make this step happen here: the path
 * stops and is reported as cut short with the reason, never as failed.
 */
export class CannotOnSite extends Error {}

/**
 * The refusals by which a site defends itself rather than answers what was asked: limits per
 * address, account or number, the captcha after failed logins, a lock. A path meets them when
 * many paths share an address or the site's limits are lower than a run needs.
 */
const DEFENCES: Record<string, { what: string; perAddress: boolean }> = {
  throttled: { what: 'one attempt a second (per address and account or number)', perAddress: true },
  too_many_requests: {
    what: 'a cap on codes or mails per address, number or member',
    perAddress: true,
  },
  registration_limit: {
    what: 'a cap on registrations per address (registration.limits.perAddressPerHour, 5 an hour as shipped)',
    perAddress: true,
  },
  captcha_required: {
    what: 'the captcha after failed logins (3 for an account, 10 from an address, in 15 minutes)',
    perAddress: true,
  },
  account_locked: {
    what: 'a lock after failed logins (10 for an account from one address, 50 from an address, for 15 minutes)',
    perAddress: true,
  },
  chat_rate_limited: { what: 'a cap on chat messages', perAddress: false },
  support_login_locked: { what: 'a lock after failed staff logins', perAddress: false },
};

/** Whether an answer is the site defending itself: a 429, or one of its defences' codes. */
export function isDefence(status: number, code: string | undefined): boolean {
  return status === 429 || (code !== undefined && code in DEFENCES);
}

/**
 * Why a path met the site's defence and what lifts it: with addresses of their own, paths meet
 * only their own limits; without, the whole run shares one address's.
 */
export function defenceReason(
  where: string,
  status: number,
  code: string | undefined,
  site: SiteCapabilities,
  retryAfterSeconds?: number,
): string {
  const known = code ? DEFENCES[code] : undefined;
  const answered = `the site defended itself: ${where} was answered ${status} ${code ?? ''}`.trim();
  const what = known ? ` (${known.what})` : '';
  // A short wait is said (the runner waits those out where it can); a long one would make every
  // path's reason its own.
  const wait = retryAfterSeconds && retryAfterSeconds <= 60 ? `, for ${retryAfterSeconds} s` : '';
  const lift =
    (known?.perAddress ?? true) && !site.addresses
      ? `every path of this run comes from one address; ${LIFTS.addresses}`
      : 'run fewer paths at once, or again after the limit’s window';
  return `${answered}${what}${wait}: ${lift}`;
}

/** How long the runner waits out a defence that asks for a short wait before going on. */
export const SHORT_WAIT_MS = 5_000;

/** Whether the tag `code` is what the path's own steps expected (the model plans it). */
export function plannedCode(code: string, labels: readonly string[]): boolean {
  const squash = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');
  const wanted = squash(code);
  return labels.some((label) => squash(label).includes(wanted));
}

/** What the doctor and every run learn from the site before a path starts. */
export interface SiteProfile extends SiteCapabilities {
  /** Why the run lacks each need (null where it has it): printed with the lift. */
  reasons: Record<SiteNeed, string | null>;
  /** The address the site sees for the runner (its status call's `location.ip`). */
  seenAs: string | null;
  maintenance: boolean | null;
  /** How many announcement pop-ups a visitor meets (the runner closes them as a person). */
  popups: number | null;
  /** An operator token was given and the site did not take it. */
  tokenRefused: boolean;
  /** The site's limits, from the operator's `GET /ops/limits` (null without the operator). */
  limits: SiteLimits | null;
}

/** The limits a run meets, as the operator's `GET /ops/limits` answers them. */
export interface SiteLimits {
  registration: { perAddressPerHour: number; perAgentPerDay: number };
  sms: { perAddressPerHour: number; perNumberPerDay: number };
  login: {
    perSecondPerAccountAndAddress: number;
    captchaAfter: { account: number; address: number };
    lockAfter: { accountAndAddress: number; address: number };
    windowMinutes: number;
    lockMinutes: number;
  };
}

/** An address of the documentation range 198.51.100.0/24: the probe's claim. */
const PROBE_ADDRESS = '198.51.100.77';

async function json(response: Response): Promise<{ success?: boolean; value?: unknown }> {
  return (await response.json().catch(() => ({}))) as { success?: boolean; value?: unknown };
}

/**
 * Asks the site what it gives a run: development tools (404 without them), the operator's calls
 * (a token it takes), whether it takes the runner's forwarded address (the status call answers
 * the address it sees), maintenance, pop-ups, and with the operator its limits.
 */
export async function probeSite(
  baseURL: string,
  opsToken: string | undefined,
): Promise<SiteProfile> {
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(new URL(path, baseURL), { headers }).catch(() => null);
  const [dev, ops, status, popups] = await Promise.all([
    get('/wps/dev/enabled'),
    opsToken ? get('/ops/limits', { authorization: `Bearer ${opsToken}` }) : null,
    get('/wps/system/status', { 'x-forwarded-for': PROBE_ADDRESS }),
    get('/wps/relay/MCSFE_getListAnnouncements'),
  ]);
  const devTools = dev?.ok === true;
  const operator = ops?.ok === true;
  const state = status?.ok
    ? ((await json(status)).value as { location?: { ip?: string }; maintenance?: boolean } | null)
    : null;
  const seenAs = state?.location?.ip ?? null;
  const addresses = seenAs === PROBE_ADDRESS;
  const limits = operator ? ((await json(ops!)).value as SiteLimits) : null;
  const announced = popups?.ok
    ? ((await json(popups)).value as { popup?: unknown[] } | null)
    : null;
  if (!status) throw new Error(`the site at ${baseURL} did not answer (is it running?)`);
  return {
    devTools,
    operator,
    addresses,
    seenAs,
    maintenance: state?.maintenance ?? null,
    popups: announced?.popup?.length ?? null,
    limits,
    tokenRefused: opsToken !== undefined && !operator,
    reasons: {
      devTools: devTools ? null : `${LACKS.devTools} (${LIFTS.devTools})`,
      operator: operator
        ? null
        : opsToken
          ? `the site refused the operator token given, or its /ops/ calls are not reachable from here (${LIFTS.operator})`
          : `${LACKS.operator} (${LIFTS.operator})`,
      addresses: addresses
        ? null
        : `${LACKS.addresses}: it sees the runner as ${seenAs ?? 'unknown'} (${LIFTS.addresses})`,
    },
  };
}
