import type { PageRegistry } from './registry';
import { changePasswordPage } from '../../src/machines/changePassword.paths';
import { loginPage } from '../../src/machines/login.paths';
import { smsCountdownPage } from '../../src/machines/smsCountdown.paths';

/**
 * The machines whose states and events are mapped to the site's pages (issue 15): these run
 * against a site. The others are planned only, until their registries are written.
 */
export const pageRegistries: PageRegistry[] = [
  smsCountdownPage,
  changePasswordPage,
  loginPage,
] as PageRegistry[];

export function pageRegistryFor(model: string): PageRegistry | null {
  return pageRegistries.find((registry) => registry.model.id === model) ?? null;
}
