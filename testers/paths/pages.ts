import type { PageRegistry } from './registry';
import { changePasswordPage } from './drivers/changePassword';
import { sessionPage } from './drivers/session';
import { forgotPasswordPage } from './drivers/forgotPassword.page';
import { registrationPage } from './drivers/registration.page';
import { loginPage } from './drivers/login.page';
import { smsCountdownPage } from './drivers/smsCountdown';
import { contractLifecyclePage } from './drivers/contractLifecycle';
import { withdrawalConfirmationPage } from './drivers/withdrawalConfirmation';
import { systemStatusPage } from './drivers/systemStatus.page';
import { promotionParticipationPage } from './drivers/promotionParticipation.page';
import { moneyRequestPage } from './drivers/moneyRequest';
import { actionRequestPage } from './drivers/actionRequest';

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
  moneyRequestPage,
  actionRequestPage,
] as PageRegistry[];

export function pageRegistryFor(model: string): PageRegistry | null {
  return pageRegistries.find((registry) => registry.model.id === model) ?? null;
}
