import type { RsaKeys } from '../../crypto/rsaKeys';
import type { Platform } from '../../platform/platform';
import type { EmailProvider, SmsProvider } from '../messaging/providers';
import type { HumanCheck } from './humanCheck';
import type { Throttles } from './throttles';

/** What identity's commands use beyond the platform: keys, the human check, providers, limits. */
export interface IdentityServices {
  keys: RsaKeys;
  human: HumanCheck;
  sms: SmsProvider;
  email: EmailProvider;
  throttles: Throttles;
}

/** The platform with identity's services: what login, registration and codes take. */
export type IdentityDeps = Platform & { identity: IdentityServices };
