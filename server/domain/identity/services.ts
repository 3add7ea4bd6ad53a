import type { RsaKeys } from '../../crypto/rsaKeys';
import type { SecretBox } from '../../crypto/secretBox';
import type { Platform } from '../../platform/platform';
import type { EmailProvider, SmsProvider } from '../messaging/providers';
import type { DeviceIds } from './deviceIds';
import type { HumanCheck } from './humanCheck';
import type { Throttles } from './throttles';

/**
 * What identity's commands use beyond the platform: keys, the human check, providers, limits,
 * device ids.
 */
export interface IdentityServices {
  keys: RsaKeys;
  human: HumanCheck;
  sms: SmsProvider;
  email: EmailProvider;
  throttles: Throttles;
  /** The device ids the server issues and alone trusts (the self-referral check's devices). */
  devices: DeviceIds;
  /** Seals the secrets the server reads back (staff TOTP secrets) with a key outside the db. */
  secrets: SecretBox;
}

/** The platform with identity's services: what login, registration and codes take. */
export type IdentityDeps = Platform & { identity: IdentityServices };
