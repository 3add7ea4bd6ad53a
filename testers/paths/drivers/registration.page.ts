import { expect } from '@playwright/test';
import { expectFlagged, expectFormError } from '../pageChecks';
import type { PageRegistry, PathRun } from '../registry';
import { READING_CODES, showsMember } from '../siteActions';
import type { registrationMachine } from '../../../src/machines/registration';
import { registrationPaths } from '../../../src/machines/registration.paths';
import { errorField } from '../../../src/ui/components/forms/errorFields';
import {
  AGENT_CODE,
  ERROR_TEXTS,
  FIELDS,
  popupOf,
  registrationDrivers,
  sceneOf,
  startRegistration,
} from './registration';

/**
 * What the register popup must show in each state of its paths (issue 15), and the registry
 * that puts the checks together with the drivers (registration.ts) and the model
 * (src/machines/registration.paths.ts).
 */

/** The messages of the two checks beyond the fields' own rules. */
const INCONSISTENT = 'The passwords are inconsistent twice: please type the same password.';
const TERMS = 'Please accept the terms and confirm you are 18 or older.';

const busyButton = (name: string) => async (run: PathRun) => {
  await expect(popupOf(run.page).getByRole('button', { name, exact: true })).toBeDisabled();
};

/**
 * On the site: the register popup (/register) of a visitor. A path types a fresh name or
 * number of its own; the answers it needs come from the site itself where a person can cause
 * them — a name a player registered first, a wrong invitation code or a real agent's (the
 * development tools make the agent: without them that path is cut there), the code the SMS
 * outbox got or a wrong one (the operator's outbox, or the development tools') — and are
 * forced at the network where nobody can on demand: a lost network, a failed human check, an
 * expired code, a number registered meanwhile by someone else. Each call is held until the
 * path says how it is answered, so the busy states can be seen.
 */
export const registrationPage: PageRegistry<typeof registrationMachine> = {
  model: registrationPaths,
  cuts: [
    { what: READING_CODES, needs: ['operator', 'devTools'] },
    { what: AGENT_CODE, needs: ['devTools'] },
  ],
  start: startRegistration,
  states: {
    editing: async (run, { context }) => {
      const popup = popupOf(run.page);
      await expect(popup.getByRole('button', { name: 'Register', exact: true })).toBeEnabled();
      await expect(
        popup.getByRole('tab', { name: context.tab === 'username' ? 'Username' : 'Mobile' }),
      ).toHaveAttribute('aria-selected', 'true');
      // A field is flagged by the form's own check, or by a refusal that belongs to it (a
      // name taken, a wrong code: issue 34, finding 6, src/ui/components/forms/errorFields.ts).
      const refused = errorField(context.error);
      const flagged = new Map(
        Object.entries(FIELDS)
          .filter(([, field]) => !field.tab || field.tab === context.tab)
          .map(([name, field]) => [
            popup.getByRole('textbox', { name: field.label, exact: true }),
            Boolean(context.errors[name]) || refused === name,
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
      await showsMember(run.page, sceneOf(run).name!);
    },
  },
  events: registrationDrivers,
};
