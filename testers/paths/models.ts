import type { PathModel } from './model';
import { actionRequestPaths } from '../../src/machines/actionRequest.paths';
import { changePasswordPaths } from '../../src/machines/changePassword.paths';
import { forgotPasswordPaths } from '../../src/machines/forgotPassword.paths';
import { loginPaths } from '../../src/machines/login.paths';
import { moneyRequestPaths } from '../../src/machines/moneyRequest.paths';
import { registrationPaths } from '../../src/machines/registration.paths';
import { sessionPaths } from '../../src/machines/session.paths';
import { smsCountdownPaths } from '../../src/machines/smsCountdown.paths';
import { systemStatusPaths } from '../../src/machines/systemStatus.paths';
import { contractLifecyclePaths } from '../../src/shared/contracts/lifecycle.paths';
import { promotionParticipationPaths } from '../../src/shared/promotions.paths';
import { withdrawalConfirmationPaths } from '../../src/shared/withdrawalConfirmation.paths';

/**
 * Every user-facing machine the paths tool walks (issue 15), by the name testers type. A new
 * machine's model is added here; tests/unit/paths/models.test.ts then holds it to the rules.
 */
export const pathModels: PathModel[] = [
  systemStatusPaths,
  sessionPaths,
  loginPaths,
  smsCountdownPaths,
  registrationPaths,
  forgotPasswordPaths,
  changePasswordPaths,
  withdrawalConfirmationPaths,
  contractLifecyclePaths,
  promotionParticipationPaths,
  moneyRequestPaths,
  actionRequestPaths,
] as PathModel[];

export function modelNamed(id: string): PathModel {
  const model = pathModels.find((candidate) => candidate.id === id);
  if (!model) {
    throw new Error(`No machine ${id}: ${pathModels.map((one) => one.id).join(', ')}`);
  }
  return model;
}
