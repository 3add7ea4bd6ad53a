import { expect } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import type { PageRegistry, PathRun } from '../registry';
import type { systemStatusMachine } from '../../../src/machines/systemStatus';
import { systemStatusPaths } from '../../../src/machines/systemStatus.paths';
import {
  endVisit,
  LIVE_CODE_WITHIN_MS,
  liveNotice,
  RETRY_TITLE,
  startVisit,
  systemStatusDrivers,
  visitOf,
} from './systemStatus';

/**
 * What the app must show in each state of the system-status paths (issue 15), and the registry
 * that puts the checks together with the drivers (systemStatus.ts) and the model
 * (src/machines/systemStatus.paths.ts).
 */

/** The live connection's notice is up when the machine says so, with both ways out; else none. */
async function checkLiveNotice(run: PathRun, snapshot: SnapshotFrom<typeof systemStatusMachine>) {
  const notice = liveNotice(run.page);
  visitOf(run).liveFailed = snapshot.context.liveFailed;
  if (!snapshot.context.liveFailed) {
    await expect(notice).toHaveCount(0);
    return;
  }
  // The notice comes when the page asks for its live code, which may be a while (the loader).
  await expect(notice).toBeVisible({ timeout: LIVE_CODE_WITHIN_MS });
  await expect(notice.getByRole('button', { name: 'Try again' })).toBeEnabled();
  await expect(notice.getByRole('button', { name: 'Reload page' })).toBeEnabled();
}

/** The app itself: the site's header and a page, no status screen. */
async function checkApp(run: PathRun) {
  const page = run.page;
  await expect(page.getByRole('button', { name: 'Show or hide the menu' })).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
  for (const title of ['We are under maintenance', 'Access restricted', RETRY_TITLE]) {
    await expect(page.getByRole('main', { name: title })).toHaveCount(0);
  }
}

/**
 * On the site: a visitor opens the home page with the status request and the socket client's
 * script held at the network, so the loader stays until a step answers. The first answer (and
 * a retry's) is the site's own, for the operator's maintenance switch and the visitor's address
 * (X-Forwarded-For: an open one, or one in the range the site blocks); later faces come from
 * the operator switching maintenance, pushed through the socket. Failures are forced at the
 * network: the status read lost or answered by a broken proxy (502), the socket client's script
 * lost (the live notice: its "Try again" lets the script load and a push must then arrive; its
 * "Reload page" starts the page again). Maintenance is switched off after every path. The paths switch the whole site: they run
 * alone (tests/e2e/pathsSiteWide.spec.ts).
 */
export const systemStatusPage: PageRegistry<typeof systemStatusMachine> = {
  model: systemStatusPaths,
  siteWide: true,
  // The operator switches maintenance.
  needs: ['operator'],
  start: startVisit,
  cleanup: endVisit,
  states: withLiveNotice({
    'watching.loading': async (run, snapshot) => {
      const visit = visitOf(run);
      visit.at = `watching.loading`;
      if (snapshot.context.snapshot) {
        // A retry after an answer keeps that answer's app on screen while it asks again.
        await checkApp(run);
      } else {
        await expect(run.page.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
        await expect(run.page.getByRole('main')).toHaveCount(0);
      }
    },
    'watching.normal': async (run) => {
      visitOf(run).at = 'watching.normal';
      await checkApp(run);
    },
    'watching.maintenance': async (run) => {
      visitOf(run).at = 'watching.maintenance';
      const screen = run.page.getByRole('main', { name: 'We are under maintenance' });
      await expect(screen).toBeVisible();
      await expect(screen.getByText('Expected back at')).toBeVisible();
      await expect(screen.getByRole('link', { name: 'Live support' })).toBeVisible();
    },
    'watching.regionRestricted': async (run) => {
      visitOf(run).at = 'watching.regionRestricted';
      const screen = run.page.getByRole('main', { name: 'Access restricted' });
      await expect(screen).toBeVisible();
      await expect(screen.getByText(`Your IP address: ${visitOf(run).address}`)).toBeVisible();
      await expect(screen.getByRole('link', { name: 'Live support' })).toBeVisible();
    },
    unavailable: async (run) => {
      const visit = visitOf(run);
      visit.at = 'unavailable';
      const screen = run.page.getByRole('main', { name: RETRY_TITLE });
      await expect(screen).toBeVisible();
      await expect(screen.getByRole('paragraph')).toHaveText(visit.error!);
      await expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    },
  }),
  events: systemStatusDrivers,
};

/** Every state's check, then the live notice's (it can be up over any of them). */
function withLiveNotice(
  checks: PageRegistry<typeof systemStatusMachine>['states'],
): PageRegistry<typeof systemStatusMachine>['states'] {
  return Object.fromEntries(
    Object.entries(checks).map(([state, check]) => [
      state,
      async (run: PathRun, snapshot: SnapshotFrom<typeof systemStatusMachine>) => {
        await check(run, snapshot);
        await checkLiveNotice(run, snapshot);
      },
    ]),
  );
}
