import type { PageRegistry } from './registry';
import { changePasswordPage } from '../../src/machines/changePassword.paths';
import { sessionPage } from '../../src/machines/session.paths';
import { forgotPasswordPage } from '../../src/machines/forgotPassword.paths.page';
import { registrationPage } from '../../src/machines/registration.paths.page';
import { loginPage } from '../../src/machines/login.paths.page';
import { smsCountdownPage } from '../../src/machines/smsCountdown.paths';
import { contractLifecyclePage } from '../../src/shared/contracts/lifecycle.paths';
import { withdrawalConfirmationPage } from '../../src/shared/withdrawalConfirmation.paths';
import { systemStatusPage } from '../../src/machines/systemStatus.paths.page';
import { promotionParticipationPage } from '../../src/shared/promotions.paths.page';

/**
 * The machines whose states and events are mapped to the site's pages (issue 15): these run
 * against a site. The others are planned only, until their registries are written.
 */
export const pageRegistries: PageRegistry[] = [
  smsCountdownPage,
  changePasswordPage,
  contractLifecyclePage,
  withdrawalConfirmationPage,
  sessionPage,
  systemStatusPage,
  registrationPage,
  forgotPasswordPage,
  loginPage,
  promotionParticipationPage,
] as PageRegistry[];

export function pageRegistryFor(model: string): PageRegistry | null {
  return pageRegistries.find((registry) => registry.model.id === model) ?? null;
}
