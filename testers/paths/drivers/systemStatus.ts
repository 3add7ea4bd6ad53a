import { BOOT_ANSWERS_ID } from '../../../src/shared/bootAnswers';
import { expect, type Page, type Route } from '@playwright/test';
import type { PageRegistry, PathRun, PathStep } from '../registry';
import { awaitedLater } from '../siteActions';
import type { SystemStatusResponse } from '../../../src/shared/system';
import type { systemStatusMachine } from '../../../src/machines/systemStatus';

/**
 * What makes each event of the system-status paths happen on the site (issue 15): the visit
 * (the requests held at the network, the visitor's address, the operator's switch, the
 * socket), the start and cleanup, and a driver per event label. The page checks are in
 * systemStatus.page.ts, the model in src/machines/systemStatus.paths.ts.
 */

type Face = 'normal' | 'maintenance' | 'regionRestricted';
/** What a gate does with the requests it catches: keeps them, lets them go, or fails them. */
type GateMode = 'hold' | 'pass' | 'abort' | 'badGateway';

/**
 * Requests caught at the network and kept until a step says how they go: on to the site (with
 * the visitor's address), failed as a lost network, or answered by a broken proxy (HTTP 502).
 * Every request is caught, not only the next: the page retries a failed read by itself.
 */
class Gate {
  mode: GateMode = 'hold';
  private waiting: { route: Route; answer: () => Promise<void> }[] = [];

  constructor(private readonly headers: () => Record<string, string>) {}

  /** Catches a request; `pass` is how it goes on (the site's answer). */
  async catch(route: Route, pass: () => Promise<void>): Promise<void> {
    if (this.mode === 'hold') this.waiting.push({ route, answer: pass });
    else await this.answer(route, pass);
  }

  async set(mode: GateMode): Promise<void> {
    this.mode = mode;
    if (mode === 'hold') return;
    for (const { route, answer } of this.waiting.splice(0)) await this.answer(route, answer);
  }

  /** The visitor's address, for a request that goes on to the site. */
  forwarded(route: Route): Record<string, string> {
    return { ...route.request().headers(), ...this.headers() };
  }

  private async answer(route: Route, pass: () => Promise<void>): Promise<void> {
    // A page that has moved on no longer wants its request answered.
    const settle = (done: Promise<void>) => done.catch(() => undefined);
    if (this.mode === 'pass') await settle(pass());
    else if (this.mode === 'abort') await settle(route.abort('internetdisconnected'));
    else {
      await settle(
        route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>502 Bad Gateway</h1>' }),
      );
    }
  }
}

/** What a path knows of its visit: the state last seen, the visitor, the operator, the socket. */
interface Visit {
  /** The state last checked, with whether a status answer was held (`watching.loading#answered`). */
  at: string;
  /** The visitor's address; null until the first answer chooses it. */
  address: string | null;
  /** Whether the operator has maintenance on (as this path switched it). */
  maintenance: boolean;
  /** Whether this path switched maintenance at all (its cleanup switches it off). */
  switched: boolean;
  status: Gate;
  /** The socket client's script (streams/realtime.ts loads it after the first paint). */
  socketClient: Gate;
  socketClientLoaded: boolean;
  /** The live notice is up (the socket client failed to load): as the state last checked says. */
  liveFailed: boolean;
  /** The socket joined the site (its handshake answered): pushes reach the page. */
  socketConnected: boolean;
  /** What the retry screen says about the failure. */
  error: string | null;
}

const visits = new WeakMap<PathRun, Visit>();
export const visitOf = (run: PathRun) => visits.get(run)!;

/** The e2e site blocks 203.0.113.0/24 and trusts X-Forwarded-For from its loopback proxy. */
const BLOCKED_ADDRESS = '203.0.113.77';
const OPEN_ADDRESS = '198.51.100.23';
const MAINTENANCE_END = '2030-01-01T06:30:00.000Z';
const STATUS_URL = '**/wps/system/status';
const BOOT_ANSWERS_BLOCK = new RegExp(`<script id="${BOOT_ANSWERS_ID}"[^>]*>.*?</script>`, 's');
const SCRIPTS = '**/assets/*.js';
export const RETRY_TITLE = 'Network link abnormal, please try again.';
/**
 * How long a page may take to ask for its live code: once its first screen is drawn, and at the
 * latest 6 s after it started (src/ui/core/firstScreen.ts, LATEST_MS) — a page still loading
 * (its status unanswered) asks then. With a margin for a busy machine.
 */
export const LIVE_CODE_WITHIN_MS = 10_000;
/** The live connection's notice (shell/system/LiveFailedNotice.tsx). */
export const liveNotice = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'Live updates have stopped' });
const isBlocked = (address: string | null) => address === BLOCKED_ADDRESS;
/** The face a visitor sees: maintenance first, then the region rule (shared/system.ts). */
const faceOf = (maintenance: boolean, address: string | null): Face =>
  maintenance ? 'maintenance' : isBlocked(address) ? 'regionRestricted' : 'normal';

/**
 * Whether the site answers BLOCKED_ADDRESS as region-restricted: the project's e2e site blocks
 * its range, a shipped configuration may block none (or not trust the runner's
 * X-Forwarded-For). Asked once per site.
 */
const blockingSites = new Map<string, Promise<boolean>>();
function siteBlocks(run: PathRun): Promise<boolean> {
  let known = blockingSites.get(run.baseURL);
  if (!known) {
    known = fetch(new URL('/wps/system/status', run.baseURL), {
      headers: { 'x-forwarded-for': BLOCKED_ADDRESS },
    })
      .then((reply) => reply.json() as Promise<{ value: SystemStatusResponse | null }>)
      .then(({ value }) => value?.regionRestriction === true)
      .catch(() => false);
    blockingSites.set(run.baseURL, known);
  }
  return known;
}

/** The next face a path's later steps ask for, before the status is asked again. */
function nextFace(next: string[]): Face | null {
  for (const label of next) {
    if (label === 'retry') return null;
    const face = /^status:(\w+)$/.exec(label)?.[1];
    if (face) return face as Face;
  }
  return null;
}

async function setMaintenance(run: PathRun, on: boolean) {
  const visit = visitOf(run);
  if (visit.maintenance === on) return;
  visit.switched = true;
  visit.maintenance = on;
  await run.operator(
    'POST',
    '/ops/maintenance',
    on ? { enabled: true, end: MAINTENANCE_END } : { enabled: false },
  );
}

async function setAddress(run: PathRun, address: string) {
  const visit = visitOf(run);
  if (visit.address === address) return;
  visit.address = address;
  // Every later request and the socket's handshake come from there.
  await run.context.setExtraHTTPHeaders({ 'X-Forwarded-For': address });
}

/** Lets the socket client load (unless the next step fails it) and waits for the socket. */
async function connectSocket(run: PathRun, step: PathStep, wait: boolean) {
  const visit = visitOf(run);
  if (visit.socketClientLoaded || step.next[0] === 'live:failed') return;
  await visit.socketClient.set('pass');
  if (wait) {
    await expect
      .poll(() => visit.socketConnected, {
        message: 'the socket joins the site',
        timeout: LIVE_CODE_WITHIN_MS,
      })
      .toBe(true);
  }
}

/**
 * A status answer with `face`: the status asked (first load or retry) is answered by the site
 * for the operator's setting and the visitor's address, chosen here; or, once the page shows a
 * face, the operator switches maintenance and the socket brings the push.
 */
async function answer(run: PathRun, step: PathStep, face: Face) {
  const visit = visitOf(run);
  if (visit.at === 'watching.loading') {
    // Maintenance shows from either kind of address: the one the next face needs, else the
    // one the visitor has.
    const later = nextFace(step.next);
    const blocked =
      face === 'regionRestricted' ||
      (face === 'maintenance' &&
        (later === 'regionRestricted' || (later === null && isBlocked(visit.address))));
    if (blocked && !(await siteBlocks(run))) {
      run.cannot(
        `the site does not restrict ${BLOCKED_ADDRESS} (its region rules block no address the ` +
          'path can claim, or it does not trust the X-Forwarded-For of the runner)',
      );
    }
    // A retry after a failure asks from wherever the visitor is now.
    await setAddress(run, blocked ? BLOCKED_ADDRESS : OPEN_ADDRESS);
    await setMaintenance(run, face === 'maintenance');
    await visit.status.set('pass');
    await connectSocket(run, step, false);
    return;
  }
  // A face on screen: only a push through the socket changes it, and only the operator's
  // switch sends one; the region rule stays what it was for the address the page asked from.
  const after = face === 'maintenance' ? face : faceOf(false, visit.address);
  if (after !== face || (face !== 'maintenance' && !visit.maintenance)) {
    run.cannot(
      `the site cannot switch this page to ${face} live: a push carries the operator's ` +
        'maintenance switch only; the region rule is answered when the status is asked ' +
        '(the first load, a retry) for the address asking',
    );
  }
  if (visit.liveFailed) {
    run.cannot(
      'no push can arrive: the socket client failed to load on this page (the live notice is up)',
    );
  }
  await connectSocket(run, step, true);
  if (!visit.socketConnected) {
    run.cannot('no push can arrive: the socket client never loaded on this page');
  }
  await setMaintenance(run, face === 'maintenance');
}

/**
 * Opens the home page with the status request and the socket client's script held at the
 * network, so the loader stays until a step answers; the site starts in service.
 */
export const startVisit = async (run: PathRun) => {
  const headers = () => {
    const address = visitOf(run).address;
    return address ? { 'x-forwarded-for': address } : ({} as Record<string, string>);
  };
  const visit: Visit = {
    at: 'watching.loading',
    address: null,
    maintenance: false,
    switched: false,
    status: new Gate(headers),
    socketClient: new Gate(headers),
    socketClientLoaded: false,
    liveFailed: false,
    socketConnected: false,
    error: null,
  };
  visits.set(run, visit);
  const page = run.page;
  // No service worker (issue 16): its own fetches escape page.route, so a page it controls (a
  // reload, a script asked for again after a failure) would pass the gates below unseen. The
  // project's e2e config blocks workers for the same reason.
  // (A string: a function would be sent as compiled here, with the compiler's helpers.)
  await page.addInitScript(
    "if ('serviceWorker' in navigator) Object.defineProperty(navigator.serviceWorker, " +
      "'register', { value: () => Promise.reject(new Error('no service worker on a path')) });",
  );
  // The page below is answered by the runner (its boot answers taken out), so Chromium (Local
  // Network Access) no longer counts it as the site's own address and blocks its WebSocket to a
  // loopback or private site: no push arrived on any path. A person's page comes from the site.
  await run.context.grantPermissions(['local-network-access'], { origin: run.baseURL });
  // Whatever an earlier path or person left, the site starts in service.
  visit.maintenance = true;
  await setMaintenance(run, false);
  // The site puts the status answer into the page it sends (boot answers, issue 12): taken out
  // here, so the page asks for it and a step answers as the path says (a failed first answer
  // can still happen: a page the service worker kept has none).
  await page.route(
    (url) => url.origin === new URL(run.baseURL).origin && !url.pathname.includes('.'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch().catch(() => null);
      if (!response) return route.abort().catch(() => undefined);
      const body = (await response.text()).replace(BOOT_ANSWERS_BLOCK, '');
      // The body goes as text: the headers of its encoding and length are the site's no more.
      const headers = Object.fromEntries(
        Object.entries(response.headers()).filter(
          ([name]) => !['content-encoding', 'content-length', 'etag'].includes(name),
        ),
      );
      await route.fulfill({ status: response.status(), headers, body }).catch(() => undefined);
    },
  );
  await page.route(STATUS_URL, (route) =>
    visit.status.catch(route, () => route.continue({ headers: visit.status.forwarded(route) })),
  );
  await page.route(SCRIPTS, async (route) => {
    const response = await route.fetch().catch(() => null);
    if (!response) return route.abort().catch(() => undefined);
    // The socket client's script is told by what it holds, whatever the build named it. A
    // path that ended meanwhile has closed its page: its scripts no longer matter.
    const body = await response.text().catch(() => null);
    if (body === null) return;
    if (!body.includes('engine.io')) return route.fulfill({ response }).catch(() => undefined);
    await visit.socketClient.catch(route, async () => {
      await route.fulfill({ response });
      visit.socketClientLoaded = true;
    });
  });
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      // The server's answer to the socket.io handshake ("40{sid}").
      if (String(payload).startsWith('40')) visit.socketConnected = true;
    });
    socket.on('close', () => {
      visit.socketConnected = false;
    });
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
};

/** Switches maintenance off again when the path switched it, whatever became of the path. */
export const endVisit = async (run: PathRun) => {
  const visit = visits.get(run);
  if (visit?.switched) await run.operator('POST', '/ops/maintenance', { enabled: false });
};

/** What makes each event happen, by its label. */
export const systemStatusDrivers: PageRegistry<typeof systemStatusMachine>['events'] = {
  'status:normal': (run, step) => answer(run, step, 'normal'),
  'status:maintenance': (run, step) => answer(run, step, 'maintenance'),
  'status:regionRestricted': (run, step) => answer(run, step, 'regionRestricted'),
  'status.error:network': async (run) => {
    const visit = visitOf(run);
    visit.error = 'Network link abnormal, please try again.';
    await visit.status.set('abort');
  },
  'status.error:server': async (run) => {
    const visit = visitOf(run);
    visit.error = 'Unexpected response (HTTP 502).';
    await visit.status.set('badGateway');
  },
  'live:failed': async (run) => {
    const visit = visitOf(run);
    if (visit.socketClientLoaded) {
      run.cannot(
        'the socket client loaded on this page already (a push came through it): ' +
          'it cannot fail to load any more',
      );
    }
    await visit.socketClient.set('abort');
  },
  'live.retry': async (run) => {
    const visit = visitOf(run);
    // The code is asked for again, in this document: held until the next step lets it load (a
    // push then proves the live data flows) or fails it again.
    await visit.socketClient.set('hold');
    await liveNotice(run.page).getByRole('button', { name: 'Try again' }).click();
  },
  'live.reload': async (run) => {
    const visit = visitOf(run);
    // A new document: the status and the socket client are held again, as at the start.
    await visit.status.set('hold');
    await visit.socketClient.set('hold');
    visit.socketClientLoaded = false;
    visit.socketConnected = false;
    visit.liveFailed = false;
    visit.at = 'watching.loading';
    const loaded = awaitedLater(run.page.waitForEvent('domcontentloaded'));
    await liveNotice(run.page).getByRole('button', { name: 'Reload page' }).click();
    await loaded;
  },
  retry: async (run) => {
    const visit = visitOf(run);
    // The status is asked again, held until the next step (the socket client is not: its
    // failure is the live notice's, with its own "Try again").
    await visit.status.set('hold');
    await run.page
      .getByRole('main', { name: RETRY_TITLE })
      .getByRole('button', { name: 'Try again' })
      .click();
  },
};
