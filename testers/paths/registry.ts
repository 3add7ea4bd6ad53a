import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { AnyStateMachine, EventObject, SnapshotFrom } from 'xstate';
import type { PathModel } from './model';
import type { SiteCapabilities, SiteNeed } from './site';

export type { SiteNeed } from './site';

/**
 * What a machine's states and events mean on a running site (issue 15): the registry beside
 * each machine's model. States map to what the page must show (roles and texts a person sees,
 * never CSS classes); events map to what makes them happen — the user's action, the server's
 * answer (forced where a path needs one answer rather than another), or time passing.
 * The registries live in testers/paths/drivers, one per machine; the models they map stay in
 * src beside their machines.
 */
export interface PageRegistry<TMachine extends AnyStateMachine = AnyStateMachine> {
  model: PathModel<TMachine>;
  /** Opens the page where the machine starts, in its initial state. */
  start: (run: PathRun) => Promise<void>;
  /** What the page shows in each state, by the state's value (`idle`, `form.editing`). */
  states: Record<string, (run: PathRun, snapshot: SnapshotFrom<TMachine>) => Promise<void>>;
  /**
   * How each event happens, by its label (`send`, `sendCode.error:rateLimited`). A driver for
   * an actor's answer usually arranges it before the action that calls the server (see
   * `PathStep.next`) and has nothing left to do when its own step comes.
   */
  events: Record<string, (run: PathRun, step: PathStep) => Promise<void>>;
  /** The path needs Playwright's controlled clock (the machine has `after` delays). */
  clock?: boolean;
  /**
   * What the site must give these paths beyond what a visitor has: its development tools
   * (test-data endpoints, the SMS outbox) or the operator's calls. On a site without them the
   * paths are reported as skipped, with the reason, instead of failing.
   */
  needs?: SiteNeed[];
  /**
   * The steps a site without one of these needs cuts short (the driver asks `run.need`): what
   * the doctor (`npm run paths -- doctor`) and every run's preflight print per machine, with
   * the setting that lifts each. Any one of a step's needs lets it run.
   */
  cuts?: { what: string; needs: SiteNeed[] }[];
  /**
   * Puts back what a path changed for the whole site (maintenance switched on), after every
   * path, passed or failed; runs before the path's browsers close.
   */
  cleanup?: (run: PathRun) => Promise<void>;
  /**
   * The paths switch the whole site (maintenance): they must run alone, never beside other
   * tests against the same site (tests/e2e/pathsSiteWide.spec.ts runs them last).
   */
  siteWide?: boolean;
}

/**
 * The accounts a path can ask for, each made through the site's own API: `player`, registered
 * by username with an e-mail (`<username>@example.test`), the downline of an agent when given
 * its `affiliateCode`; `mobilePlayer`, registered by a mobile number of its own (country +84)
 * whose SMS codes log it in; `temporaryPassword`, opened by an agent in registerCenter with a
 * default password that the member must change at first login (the seeded agent `agent3`: the
 * development data); `agent`, an agent of its own with the given rates (through the development
 * tools' test-data endpoint: a site without them cannot give one).
 */
export type AccountKind = 'player' | 'mobilePlayer' | 'temporaryPassword' | 'agent';

export interface AccountOptions {
  /** A player: register as the downline of the agent with this code. */
  affiliateCode?: string;
  /** An agent: its own rate per contract type ("1.5"), the most it may offer downlines. */
  rates?: Partial<Record<'dividend' | 'dailySalary' | 'hourlySalary' | 'realTimeSalary', string>>;
  /**
   * The client address the account is registered from (sent as X-Forwarded-For: the site must
   * trust the runner as its proxy): the site then knows it as the account's own address, so a
   * path whose browser comes from that address logs in without the new-address code.
   */
  address?: string;
  /**
   * Wrong passwords typed for the account before the path uses it, each from an address of its
   * own (strangers guessing): the site counts them per account and asks for the captcha after
   * three.
   */
  failedLogins?: number;
}

export interface TestAccount {
  username: string;
  password: string;
  /** The e-mail bound to a `player` (the site sends its new-address codes there). */
  email?: string;
  /** The mobile number (national part; the country is +84), for a `mobilePlayer`. */
  mobile?: string;
  /** The session the site opened when the account was made, when it opened one. */
  token?: string;
  /** An agent's code: players who register with it are its direct downlines. */
  affiliateCode?: string;
  /**
   * The address the account was registered from, when it had one of its own: a browser that
   * logs in as the account comes from it (`comeHome`), else the site asks for a new-address code.
   */
  address?: string;
}

export interface PathStep {
  label: string;
  event: EventObject;
  /** The labels of the steps after this one: what the server must answer next, and so on. */
  next: string[];
}

/** One path's run: its browsers, pages, accounts and what it has seen. */
export interface PathRun {
  /** The main actor's page. */
  page: Page;
  /** Another actor's page in a browser context of its own (an agent, a second tab's owner). */
  actor: (name: string) => Promise<Page>;
  baseURL: string;
  /**
   * What the site gives this run beyond what a visitor has: its development tools (DEV_TOOLS=1),
   * the operator's calls (a token the site took) and addresses of the path's own (the site takes
   * the runner's X-Forwarded-For). A driver that needs one the site lacks
   * for a single step cuts the path there (`cannot`); a registry that needs it throughout says
   * so in `needs`.
   */
  site: SiteCapabilities;
  /**
   * Cuts the path here when the site gives none of `needs` (any one will do), saying `what`
   * could not happen, why, and the setting that lifts it; declare it in the registry's `cuts`.
   */
  need: (what: string, needs: SiteNeed[]) => void;
  browser: Browser;
  context: BrowserContext;
  /** An account provisioned for this path on the site (listed in the report). */
  account: (kind: AccountKind, options?: AccountOptions) => Promise<TestAccount>;
  /** Advances the page's controlled clock, firing its timers (the registry asks for the clock). */
  advance: (ms: number) => Promise<void>;
  /** Stops the page's clock where it is: from now on only `advance` moves it. */
  pause: () => Promise<void>;
  /** Holds the page's next request to `url` (a glob) at the network until `release`. */
  hold: (url: string) => Promise<void>;
  /**
   * Waits until the page has sent the request held at `url`: after a proof of work, which on a
   * site with its real difficulty takes the page seconds, not the milliseconds of a test site.
   */
  made: (url: string) => Promise<void>;
  /**
   * Lets the held request go on to the site (`continue`), fails it as a lost network before it
   * reaches the site (`abort`), lets the site do it and loses its answer on the way back
   * (`lose`: the page sees a lost network, the site has acted — what a retry with the same
   * idempotency key must not do twice), or answers it instead: the server's answer a path
   * needs when the site would not give it on demand (a rate limit, a short wait).
   */
  release: (
    url: string,
    answer: 'continue' | 'abort' | 'lose' | { status: number; json: unknown },
  ) => Promise<void>;
  /**
   * An operator's call to the site (`/ops/…`, the same endpoints `npm run ops` uses), with the
   * token given to the run (`--ops-token` or PATHS_OPS_TOKEN); a path that needs the operator
   * fails with that message when none was given. Answers the envelope's value.
   */
  operator: (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<unknown>;
  /** Something worth keeping in the report (a created id, a chosen answer). */
  note: (text: string) => void;
  /**
   * The site cannot make this step's transition happen at this point of the path (say why):
   * the path stops here and is reported as cut short with the reason — no failure, and the
   * transition is listed as not reached. For what the site truly cannot do, never for a bug.
   */
  cannot: (reason: string) => never;
}
