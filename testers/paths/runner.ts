import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Page,
  type Request,
  type Route,
} from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath, headlessChromiumPath } from '../../scripts/chromium';
import { setSealer } from '../../tests/support/identityClient';
import { nodeSealPayload } from '../../tests/support/nodeSeal';
import { provision } from './accounts';
import type { GraphEdge, MachineGraph } from './graph';
import { machineVersion, pathId } from './ids';
import type { MachinePlan, PlannedPath } from './plan';
import type { PageRegistry, PathRun } from './registry';
import {
  CannotOnSite,
  defenceReason,
  isDefence,
  lacking,
  plannedCode,
  probeSite,
  type SiteCapabilities,
  type SiteProfile,
} from './site';
import { OPEN_ANNOUNCEMENTS } from './siteActions';

setSealer(nodeSealPayload);

export interface RunOptions {
  baseURL: string;
  /** Where screenshots, traces and the reports go. */
  reportDir: string;
  headed?: boolean;
  /** Paths run at once, each in browser contexts of its own. */
  workers?: number;
  /** How long a state's page check may wait for the page. */
  stepTimeoutMs?: number;
  /** The site's operator token, for paths whose events the operator causes. */
  opsToken?: string;
  /** Shrink a failing path to a shorter one that still fails (default on). */
  shrink?: boolean;
  /**
   * Record a Playwright trace of every path, kept for the failing ones (default on). Tracing
   * with snapshots takes about half a path's time: a run that replays its failures anyway (the
   * tool's own test on CI, traced on its retry) turns it off.
   */
  trace?: boolean;
  /**
   * Runs on every new browser context before its pages open: the tool's own tests inject a
   * fault into the site here (a button that stays enabled) to see that a path catches it.
   */
  prepare?: (context: BrowserContext) => Promise<unknown>;
  /** Told of each path's result as it comes (the command prints a line per path). */
  onResult?: (result: PathResult) => void;
  /** What the site gives beyond a visitor's (`runPaths` asks the site; see `PathRun.site`). */
  site?: SiteCapabilities;
  /** The site's profile when the caller asked it already (the command's preflight). */
  profile?: SiteProfile;
  /**
   * How many times a failed path runs again, in fresh browser contexts, before it is reported
   * (default 1): a path that passes (or is cut) on a retry is reported as flaky, not as passed
   * and not as failed, and only a failure that comes again is shrunk.
   */
  retries?: number;
  /**
   * Open every page asking for reduced motion, as a visitor may (default off): no autoplay or
   * marquee redrawing the page while a step waits, no transition to wait out. What the paths
   * check does not move; the tool's own tests turn it on to spend less of a busy machine.
   */
  reducedMotion?: boolean;
}

export interface StepResult {
  label: string;
  from: string;
  to: string;
  edge: string;
  /** `cannot`: the site cannot make this transition happen here (see the path's `cut`). */
  status: 'passed' | 'failed' | 'notRun' | 'cannot';
}

export interface Failure {
  /** The step that failed (its index), or -1 for the start. */
  step: number;
  /** What the path expected: the state and its key. */
  expected: string;
  message: string;
  screenshot: string | null;
  /** The other actors' pages at that moment (an agent's, a second tab's). */
  actorScreenshots?: { actor: string; screenshot: string }[];
  /** The page as a person using assistive technology would meet it (Playwright's aria snapshot). */
  ariaSnapshot: string | null;
  trace: string | null;
  /** The command that runs this path again. */
  replay: string;
  console: string[];
  network: string[];
  socket: string[];
}

export interface PathResult {
  id: string;
  model: string;
  strategy: string;
  /**
   * `skipped`: the site cannot give what the machine's paths need (see `skipped`); `cut`: the
   * path ran until a transition the site cannot make there (see `cut`), which is no failure;
   * `flaky`: it failed, then did not fail when run again (the first failure in `firstAttempt`).
   */
  status: 'passed' | 'failed' | 'skipped' | 'cut' | 'flaky';
  /** A flaky path's first failure, as it was reported before the retry. */
  firstAttempt?: Failure;
  /** Where the path stopped and why: the transition the site cannot make at that point. */
  cut?: { step: number; transition: string; reason: string };
  /** Why the path was not run: what the site lacks. */
  skipped?: string;
  steps: StepResult[];
  failure: Failure | null;
  /** The shorter path that fails the same way, when shrinking found one. */
  shrunk: { id: string; steps: string[]; replay: string } | null;
  accounts: string[];
  notes: string[];
  durationMs: number;
}

/** How long a path's start may wait for the page (log in, open the page the machine is on). */
const START_MS = 20_000;

/**
 * How long a step waits for the request it holds to be made: a proof of work comes first, which
 * at a real site's difficulty takes a page seconds on a busy machine (the test sites ask for a
 * far easier one).
 */
const HOLD_MS = 60_000;

/** Runs every planned path of every machine against the site; answers the results. */
export async function runPaths(
  work: { registry: PageRegistry; plan: MachinePlan }[],
  options: RunOptions,
): Promise<PathResult[]> {
  // A window needs the full browser; headless runs take the lighter shell where installed.
  const executablePath = options.headed ? chromiumPath() : headlessChromiumPath();
  const browser = await chromium.launch({
    headless: !options.headed,
    ...(executablePath ? { executablePath } : {}),
    args: CHROMIUM_ARGS,
  });
  try {
    const queue = work.flatMap(({ registry, plan }) =>
      plan.paths.map((planned) => ({ registry, plan, planned })),
    );
    const profile = options.profile ?? (await probeSite(options.baseURL, options.opsToken));
    const site = {
      devTools: profile.devTools,
      operator: profile.operator,
      addresses: profile.addresses,
    };
    options = { ...options, site };
    const results: PathResult[] = new Array(queue.length);
    // Paths that switch the whole site (maintenance) run last and alone: no other path of the
    // run meets the site switched.
    const order = queue
      .map((_, index) => index)
      .sort(
        (a, b) =>
          Number(queue[a]!.registry.siteWide ?? 0) - Number(queue[b]!.registry.siteWide ?? 0),
      );
    const firstSiteWide = order.findIndex((index) => queue[index]!.registry.siteWide);
    let next = 0;
    const worker = async (until: number) => {
      while (next < until) {
        const index = order[next]!;
        next += 1;
        const { registry, plan, planned } = queue[index]!;
        const missing = (registry.needs ?? []).map((need) => profile.reasons[need]).filter(Boolean);
        if (missing.length > 0) {
          results[index] = skippedResult(planned, missing.join('; '));
          options.onResult?.(results[index]);
          continue;
        }
        const result = await runWithRetries(browser, registry, plan.graph, planned, options);
        if (result.status === 'failed' && options.shrink !== false) {
          result.shrunk = await shrink(browser, registry, plan.graph, planned, result, options);
        }
        results[index] = result;
        options.onResult?.(result);
      }
    };
    const alone = firstSiteWide === -1 ? queue.length : firstSiteWide;
    await Promise.all(
      Array.from({ length: Math.max(1, options.workers ?? 1) }, () => worker(alone)),
    );
    await worker(queue.length);
    return results;
  } finally {
    await browser.close();
  }
}

/**
 * A path run, and when it fails run again in fresh browser contexts (`retries`, default once): a
 * failure that does not come again is reported as flaky, with its first failure kept.
 */
async function runWithRetries(
  browser: Browser,
  registry: PageRegistry,
  graph: MachineGraph,
  planned: PlannedPath,
  options: RunOptions,
): Promise<PathResult> {
  const first = await runPath(browser, registry, graph, planned, options);
  let result = first;
  for (let retry = 1; result.status === 'failed' && retry <= (options.retries ?? 1); retry += 1) {
    const again = await runPath(browser, registry, graph, planned, options);
    if (again.status === 'failed') {
      first.notes.push(`failed again on retry ${retry}: ${headline(again.failure!.message)}`);
      first.accounts.push(...again.accounts);
      first.durationMs += again.durationMs;
      continue;
    }
    result = {
      ...again,
      status: 'flaky',
      firstAttempt: first.failure!,
      accounts: [...first.accounts, ...again.accounts],
      notes: [
        `failed on its first run (${headline(first.failure!.message)}), then ${again.status} on retry ${retry}`,
        ...again.notes,
      ],
      durationMs: first.durationMs + again.durationMs,
    };
  }
  return result;
}

const headline = (message: string) => message.split('\n')[0]!;

function skippedResult(planned: PlannedPath, reason: string): PathResult {
  return {
    id: planned.id,
    model: planned.model,
    strategy: planned.strategy,
    status: 'skipped',
    skipped: reason,
    steps: planned.steps.map((step) => ({ ...step, status: 'notRun' })),
    failure: null,
    shrunk: null,
    accounts: [],
    notes: [],
    durationMs: 0,
  };
}

/** One path in a fresh browser context: start, then each step's driver and the page's check. */
export async function runPath(
  browser: Browser,
  registry: PageRegistry,
  graph: MachineGraph,
  planned: PlannedPath,
  options: RunOptions,
): Promise<PathResult> {
  const started = Date.now();
  const steps: StepResult[] = planned.steps.map((step) => ({ ...step, status: 'notRun' }));
  const result: PathResult = {
    id: planned.id,
    model: planned.model,
    strategy: planned.strategy,
    status: 'passed',
    steps,
    failure: null,
    shrunk: null,
    accounts: [],
    notes: [],
    durationMs: 0,
  };
  const seen: Seen = {
    ...{ console: [], network: [], socket: [], defences: [], reading: [] },
    answered: new Map(),
  };
  // The answers the runner itself gave the page (a forced refusal): no defence of the site.
  const fulfilled = new WeakSet<Request>();
  const site = options.site ?? { devTools: false, operator: false, addresses: false };
  const contexts: BrowserContext[] = [];
  const actors = new Map<string, Page>();
  const newContext = async () => {
    const context = await browser.newContext({
      baseURL: options.baseURL,
      ...(options.reducedMotion ? { reducedMotion: 'reduce' as const } : {}),
    });
    contexts.push(context);
    await options.prepare?.(context);
    return context;
  };
  const context = await newContext();
  // Under Playwright Test (the tool's own e2e test) the runner already traces every context:
  // that trace is kept instead.
  const tracing =
    options.trace !== false &&
    (await context.tracing.start({ screenshots: true, snapshots: true }).then(
      () => true,
      () => false,
    ));
  const page = await context.newPage();
  watch(page, seen, '', fulfilled);
  const held = new Map<string, { route: Promise<Route> }>();
  const timeout = options.stepTimeoutMs ?? 7_000;
  const run: PathRun = {
    page,
    browser,
    context,
    baseURL: options.baseURL,
    site,
    need: (what, needs) => {
      if (!needs.some((need) => site[need])) throw new CannotOnSite(lacking(what, needs));
    },
    actor: async (name) => {
      const other = await (await newContext()).newPage();
      watch(other, seen, `${name}: `, fulfilled);
      actors.set(name, other);
      return other;
    },
    account: async (kind, wanted) => {
      const account = await provision(options.baseURL, kind, wanted ?? {}, {
        site,
        opsToken: options.opsToken,
      });
      result.accounts.push(account.username);
      return account;
    },
    advance: async (ms) => {
      await page.clock.runFor(ms);
    },
    pause: async () => {
      // A moment ahead of the page's time: by the time the call arrives its clock has moved on,
      // and the clock cannot be paused in its past. On a busy machine the call can take longer
      // than that moment: then a longer one.
      for (let ahead = 250; ; ahead *= 4) {
        const now = await page.evaluate(() => Date.now());
        const paused = await page.clock.pauseAt(now + ahead).then(
          () => true,
          (error: unknown) => {
            if (ahead >= 16_000 || !/past/i.test(String(error))) throw error;
            return false;
          },
        );
        if (paused) return;
      }
    },
    hold: async (url) => {
      let arrived!: (route: Route) => void;
      const route = new Promise<Route>((resolve) => (arrived = resolve));
      held.set(url, { route });
      await page.route(url, (intercepted) => arrived(intercepted), { times: 1 });
    },
    made: async (url) => {
      const slot = held.get(url);
      if (!slot) throw new Error(`nothing held for ${url}`);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        slot.route,
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`the page sent no request to ${url} in ${HOLD_MS / 1000} s`)),
            HOLD_MS,
          );
        }),
      ]).finally(() => clearTimeout(timer));
    },
    release: async (url, answer) => {
      const slot = held.get(url);
      if (!slot) throw new Error(`nothing held for ${url}`);
      held.delete(url);
      const route = await Promise.race([
        slot.route,
        new Promise<never>((_, reject) =>
          setTimeout(
            () => reject(new Error(`no request to ${url} came`)),
            Math.max(HOLD_MS, timeout),
          ),
        ),
      ]);
      if (answer === 'continue') await route.continue();
      else if (answer === 'abort') await route.abort('internetdisconnected');
      else if (answer === 'lose') {
        // The site answers in full; the page never hears it.
        await route.fetch();
        await route.abort('internetdisconnected');
      } else {
        fulfilled.add(route.request());
        await route.fulfill({ status: answer.status, json: answer.json });
      }
    },
    operator: async (method, url, body) => {
      if (!options.opsToken) {
        throw new Error('this path needs the operator: give --ops-token (or PATHS_OPS_TOKEN)');
      }
      const response = await fetch(new URL(url, options.baseURL), {
        method,
        headers: {
          authorization: `Bearer ${options.opsToken}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const envelope = (await response.json()) as {
        success: boolean;
        value: unknown;
        code?: string;
      };
      if (!envelope.success) throw new Error(`operator ${method} ${url}: ${envelope.code}`);
      return envelope.value;
    },
    note: (text) => result.notes.push(text),
    cannot: (reason) => {
      throw new CannotOnSite(reason);
    },
  };
  // The start logs in and opens pages (a proof of work first): the step timeout is for the
  // checks of what a state shows, not for that.
  page.setDefaultTimeout(Math.max(timeout, START_MS));
  let at = -1;
  let expected = graph.initial;
  // When the step under way began: a defence the site answered since then is what it met.
  let stepStarted = started;
  try {
    if (registry.clock) await page.clock.install();
    await registry.start(run);
    page.setDefaultTimeout(timeout);
    await checkState(registry, graph, graph.initial, run);
    for (const [index, step] of planned.steps.entries()) {
      at = index;
      expected = step.to;
      stepStarted = Date.now();
      const driver = registry.events[step.label];
      if (!driver) throw new Error(`the registry has no driver for ${step.label}`);
      const edge = graph.edges.find((candidate) => candidate.id === step.edge)!;
      await driver(run, {
        label: step.label,
        event: edge.event,
        next: planned.steps.slice(index + 1).map((later) => later.label),
      });
      await checkState(registry, graph, step.to, run);
      steps[index]!.status = 'passed';
    }
  } catch (error) {
    // The site defended itself against what the page sent in this step (a cap, a throttle, the
    // captcha) where the path did not plan it: the page showing it is no disagreement.
    const expectedLabels = planned.steps.slice(0, at + 1).flatMap((one) => [one.label, one.to]);
    const defence =
      error instanceof CannotOnSite ? null : await defenceMet(seen, stepStarted, expectedLabels);
    const reason =
      error instanceof CannotOnSite
        ? error.message
        : defence && defenceReason(defence.where, defence.status, defence.code, site, defence.wait);
    if (reason && at >= 0) {
      result.status = 'cut';
      steps[at]!.status = 'cannot';
      result.cut = { step: at, transition: steps[at]!.edge, reason };
    } else if (reason) {
      // Before its first step: nothing of the machine was walked.
      result.status = 'skipped';
      result.skipped = reason;
    } else {
      result.status = 'failed';
      if (at >= 0) steps[at]!.status = 'failed';
      result.failure = await capture(
        page,
        actors,
        context,
        planned,
        at,
        expected,
        error,
        seen,
        options,
        tracing,
      );
    }
  } finally {
    // What the path changed for the whole site is put back, whatever became of the path; a
    // site left changed fails the path.
    await registry.cleanup?.(run).catch((error: unknown) => {
      const message = `cleanup failed: ${error instanceof Error ? error.message : String(error)}`;
      result.notes.push(message);
      if (result.status === 'failed') return;
      result.status = 'failed';
      result.failure = {
        ...{ step: planned.steps.length - 1, expected: 'cleanup', message },
        ...{ screenshot: null, ariaSnapshot: null, trace: null },
        replay: replayCommand(planned.id, options),
        ...{ console: seen.console.slice(-20), network: seen.network.slice(-20), socket: [] },
      };
    });
    if (result.status !== 'failed' && tracing) await context.tracing.stop();
    for (const open of contexts) await open.close();
  }
  result.durationMs = Date.now() - started;
  return result;
}

async function checkState(registry: PageRegistry, graph: MachineGraph, key: string, run: PathRun) {
  const node = graph.nodes.get(key)!;
  const check = registry.states[node.value];
  if (!check) throw new Error(`the registry has no page check for state ${node.value}`);
  await check(run, node.snapshot as never);
}

/** What a path's pages showed and were answered, for a failure's report and its defences. */
interface Seen {
  console: string[];
  network: string[];
  socket: string[];
  /** The site's defences (429s, the captcha, caps) the pages were answered, as they came. */
  defences: Defence[];
  /** Answers whose bodies are still being read for their codes. */
  reading: Promise<unknown>[];
  /** When each call (`POST /wps/session/login`) was last answered without a refusal. */
  answered: Map<string, number>;
}

interface Defence {
  at: number;
  /** `POST /wps/member/register`. */
  where: string;
  status: number;
  code: string | undefined;
  /** The seconds the site asked to wait, when it said. */
  wait: number | undefined;
}

/**
 * The site's defence the page met since `since` that is still in force and not what the path
 * planned: a refusal the page got past (a later success of the same call, after a person's
 * wait) is not it.
 */
async function defenceMet(seen: Seen, since: number, planned: string[]): Promise<Defence | null> {
  await Promise.allSettled(seen.reading);
  return (
    seen.defences.find(
      (one) =>
        one.at >= since &&
        !(one.code && plannedCode(one.code, planned)) &&
        // Got past: the same call was answered since (a throttle waited out).
        (seen.answered.get(one.where) ?? 0) < one.at,
    ) ?? null
  );
}

function watch(page: Page, seen: Seen, who = '', fulfilled = new WeakSet<Request>()) {
  page.on('console', (message) => {
    if (message.type() === 'error') seen.console.push(`${who}${message.text()}`);
  });
  page.on('pageerror', (error) => seen.console.push(`${who}page error: ${error.message}`));
  page.on('requestfailed', (request) =>
    seen.network.push(
      `${who}${request.method()} ${request.url()}: ${request.failure()?.errorText}`,
    ),
  );
  page.on('response', (response) => {
    const status = response.status();
    if (status >= 500) seen.network.push(`${who}${status} ${response.url()}`);
    const request = response.request();
    const url = new URL(response.url());
    if (!/^\/(wps|ops)\//.test(url.pathname) || fulfilled.has(request)) return;
    const where = `${request.method()} ${url.pathname}`;
    const at = Date.now();
    if (status < 400) {
      seen.answered.set(where, at);
      return;
    }
    const reading = response
      .json()
      .then((body: { code?: string; value?: { retryAfterSeconds?: number } | null }) => {
        if (!isDefence(status, body.code)) return;
        const wait = body.value?.retryAfterSeconds;
        seen.defences.push({ at, where, status, code: body.code, wait });
      })
      .catch(() => {
        if (status !== 429) return;
        seen.defences.push({ at, where, status, code: undefined, wait: undefined });
      });
    seen.reading.push(reading);
  });
  // The site's announcement pop-ups (issue 16: the public list, the after-login board) may open
  // over any page of a site with announcements; a person closes them and goes on. They come one
  // at a time (closing the public list after a login brings the after-login board at once), so
  // the handler closes the one open and lets the next call the handler again, instead of
  // waiting for "the" pop-up to go.
  void page
    .addLocatorHandler(
      page.locator(OPEN_ANNOUNCEMENTS),
      async (dialog) => {
        // Dispatched, not clicked: a popup fading out above it (the login, the registration)
        // would hold a click back until the wait runs out.
        await dialog
          .locator('button.modal-close')
          .dispatchEvent('click', undefined, { timeout: 2_000 })
          .catch(() => undefined);
      },
      { noWaitAfter: true },
    )
    .catch(() => undefined);
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString('utf8');
      // socket.io events ("42[…]"); pings and handshakes say nothing about the page.
      if (text.startsWith('42')) seen.socket.push(`${who}${text.slice(0, 300)}`);
      if (seen.socket.length > 50) seen.socket.shift();
    }),
  );
}

async function capture(
  page: Page,
  actors: Map<string, Page>,
  context: BrowserContext,
  planned: PlannedPath,
  step: number,
  expected: string,
  error: unknown,
  seen: Seen,
  options: RunOptions,
  tracing: boolean,
): Promise<Failure> {
  const folder = path.join(options.reportDir, 'artifacts', planned.id);
  await mkdir(folder, { recursive: true });
  const screenshot = path.join(folder, 'failure.png');
  const trace = path.join(folder, 'trace.zip');
  const shot = (await screenshotOf(page, screenshot))
    ? path.relative(options.reportDir, screenshot)
    : null;
  const actorScreenshots: { actor: string; screenshot: string }[] = [];
  for (const [actor, other] of actors) {
    const file = path.join(folder, `failure-${actor.replace(/[^\w-]/g, '_')}.png`);
    const taken = await screenshotOf(other, file);
    if (taken) actorScreenshots.push({ actor, screenshot: path.relative(options.reportDir, file) });
  }
  const ariaSnapshot = await page
    .locator('body')
    .ariaSnapshot({ timeout: 2_000 })
    .catch(() => null);
  const traced = tracing
    ? await context.tracing.stop({ path: trace }).then(
        () => path.relative(options.reportDir, trace),
        () => null,
      )
    : null;
  return {
    step,
    expected,
    message: (error instanceof Error ? error.message : String(error)).slice(0, 2_000),
    screenshot: shot,
    ...(actorScreenshots.length ? { actorScreenshots } : {}),
    ariaSnapshot,
    trace: traced,
    replay: replayCommand(planned.id, options),
    console: seen.console.slice(-20),
    network: seen.network.slice(-20),
    socket: seen.socket.slice(-20),
  };
}

/**
 * A shorter path that fails the same way: first the shortest way to the failing transition's
 * state followed by that transition (depth + 1 steps), then the path cut after its failing
 * step. Answers the first that fails, with the command that replays it, or null.
 */
async function shrink(
  browser: Browser,
  registry: PageRegistry,
  graph: MachineGraph,
  planned: PlannedPath,
  result: PathResult,
  options: RunOptions,
): Promise<PathResult['shrunk']> {
  const failedAt = result.failure?.step ?? -1;
  if (failedAt < 0) return null;
  const failing = planned.steps[failedAt]!;
  const version = machineVersion(registry.model.machine);
  const candidates: GraphEdge[][] = [];
  const direct = shortestTo(graph, failing.from);
  const edge = graph.edges.find((candidate) => candidate.id === failing.edge)!;
  if (direct && direct.length + 1 < planned.steps.length) candidates.push([...direct, edge]);
  if (failedAt + 1 < planned.steps.length) {
    candidates.push(
      planned.steps
        .slice(0, failedAt + 1)
        .map((step) => graph.edges.find((candidate) => candidate.id === step.edge)!),
    );
  }
  for (const steps of candidates) {
    const candidate: PlannedPath = {
      id: pathId(planned.model, version, steps),
      model: planned.model,
      strategy: 'shrunk',
      steps: steps.map((one) => ({ label: one.label, from: one.from, to: one.to, edge: one.id })),
    };
    const again = await runPath(browser, registry, graph, candidate, { ...options, shrink: false });
    if (again.status === 'failed' && again.failure?.step === candidate.steps.length - 1) {
      return {
        id: candidate.id,
        steps: candidate.steps.map((step) => step.edge),
        replay: replayCommand(candidate.id, options),
      };
    }
  }
  return null;
}

function shortestTo(graph: MachineGraph, target: string): GraphEdge[] | null {
  const via = new Map<string, GraphEdge | null>([[graph.initial, null]]);
  const queue = [graph.initial];
  while (queue.length > 0) {
    const at = queue.shift()!;
    if (at === target) break;
    for (const edge of graph.outgoing.get(at) ?? []) {
      if (via.has(edge.to)) continue;
      via.set(edge.to, edge);
      queue.push(edge.to);
    }
  }
  if (!via.has(target)) return null;
  const steps: GraphEdge[] = [];
  for (let edge = via.get(target); edge; edge = via.get(edge.from)) steps.unshift(edge);
  return steps;
}

const replayCommand = (id: string, options: RunOptions) =>
  `npm run paths -- replay ${id} --base-url ${options.baseURL} --report ${options.reportDir}`;

/**
 * The page as the failure left it: the whole page, else (a busy machine can take longer than a
 * long page's capture allows) what is in view, each given its own time rather than the page's
 * step timeout. False when neither could be taken.
 */
async function screenshotOf(page: Page, file: string): Promise<boolean> {
  for (const fullPage of [true, false]) {
    const taken = await page.screenshot({ path: file, fullPage, timeout: 15_000 }).then(
      () => true,
      () => false,
    );
    if (taken) return true;
  }
  return false;
}
