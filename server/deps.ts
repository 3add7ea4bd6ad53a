import type { PlatformConfig } from './config/schema';
import type { Database } from './db/types';
import { createMaintenanceSwitch, type MaintenanceSwitch } from './domain/system/maintenance';
import { createRegionPolicy, type RegionPolicy } from './domain/system/region';
import { createVisitorResolver, type VisitorResolver } from './platform/visitor';
import {
  loadOrCreateChallengeSecret,
  loadOrCreateDeviceSecret,
  loadOrCreateRsaKeys,
} from './crypto/rsaKeys';
import { createDeviceIds } from './domain/identity/deviceIds';
import { createHumanCheck } from './domain/identity/humanCheck';
import type { IdentityServices } from './domain/identity/services';
import { createSecretBox } from './crypto/secretBox';
import { createThrottles } from './domain/identity/throttles';
import { createOutboxProviders } from './domain/messaging/providers';
import type { DemoRig } from './domain/games/demoVendor/rigs';
import type { RedisLink } from './platform/redis';
import { createChatPresence, type ChatPresence } from './domain/chat/events';
import type { Platform } from './platform/platform';
import { createChanges } from './platform/unitOfWork';

export type { Clock } from './platform/platform';

/**
 * Everything the HTTP, realtime and job layers need, built once by `createDeps` (main.ts, the
 * tests). The domain takes slices of it: `Platform` (server/platform/platform.ts), and what a
 * feature declares beside it (`IdentityDeps`, the chat's presence, the demo vendor's rigs).
 */
export interface AppDeps extends Platform {
  /** REDIS_URL: this process runs beside others and fans out through Redis; else null. */
  redis: RedisLink | null;
  maintenance: MaintenanceSwitch;
  region: RegionPolicy;
  visitorOf: VisitorResolver;
  /** Secret for the operator endpoints; null disables them. */
  opsToken: string | null;
  /** Folder of the built site, or null when Vite serves it (dev) or in API-only tests. */
  staticDir: string | null;
  /**
   * The demo vendor's next outcome per member, set by a development-only route so end-to-end
   * tests can make a big win happen; empty (and unreachable) without the development tools.
   */
  demoRigs: Map<string, DemoRig>;
  /** The live chat (issue 16): which staff have the console open. */
  chat: { presence: ChatPresence };
  identity: IdentityServices;
}

/** Wires the domain services for one server; main.ts and the tests share it. */
export async function createDeps(options: {
  config: PlatformConfig;
  db: Database;
  /** Connected by boot when REDIS_URL is set (server/platform/redis.ts). */
  redis?: RedisLink | null;
  trustProxy: string | undefined;
  opsToken: string | null;
  staticDir: string | null;
  production: boolean;
  /** DEV_TOOLS=1: the development routes; off when not given. */
  devTools?: boolean;
  /** Smaller proof-of-work for tests; production uses the default. */
  humanCheckMaxCounter?: number;
  /** STAFF_SECRET_KEY: seals staff two-factor secrets; null stores them as they are. */
  staffSecretKey?: Buffer | null;
}): Promise<AppDeps> {
  const { config, db } = options;
  const providers = createOutboxProviders(db);
  return {
    config,
    db,
    redis: options.redis ?? null,
    maintenance: await createMaintenanceSwitch(db, config.maintenance),
    region: createRegionPolicy(config.regionRestriction),
    visitorOf: createVisitorResolver(options.trustProxy, config.regionRestriction.countryHeader),
    opsToken: options.opsToken,
    staticDir: options.staticDir,
    production: options.production,
    devTools: options.devTools === true && !options.production,
    changes: createChanges(),
    clock: { now: () => new Date() },
    demoRigs: new Map(),
    chat: { presence: createChatPresence() },
    identity: {
      keys: await loadOrCreateRsaKeys(db),
      human: createHumanCheck(await loadOrCreateChallengeSecret(db), {
        maxCounter: options.humanCheckMaxCounter,
      }),
      sms: providers.sms,
      email: providers.email,
      throttles: createThrottles(db),
      devices: createDeviceIds(await loadOrCreateDeviceSecret(db)),
      secrets: createSecretBox(options.staffSecretKey ?? null),
    },
  };
}
