import type { WinnerEntry } from '../src/shared/games';
import type { PlatformConfig } from './config/schema';
import type { Database } from './db/types';
import { createMaintenanceSwitch } from './domain/system/maintenance';
import { createRegionPolicy } from './domain/system/region';
import type { AppDeps } from './http/deps';
import { createVisitorResolver } from './http/visitor';
import { loadOrCreateChallengeSecret, loadOrCreateRsaKeys } from './crypto/rsaKeys';
import { createHumanCheck } from './domain/identity/humanCheck';
import { createRevocations } from './domain/identity/revocations';
import { createThrottles } from './domain/identity/throttles';
import { createOutboxProviders } from './domain/messaging/providers';
import { createAnnouncer } from './domain/announcer';
import type { SalaryChange } from './domain/salary/publish';
import type { RewardChange } from './domain/rewards/events';
import type { VipChange } from './domain/vip/progress';
import { createBalanceEvents } from './domain/ledger/balanceEvents';
import type { WithdrawalChange } from './domain/withdrawals/lifecycle';
import type { ContractChange } from './domain/contracts/lifecycle';
import type { MessageChange } from './domain/messages/events';
import type { AnnouncementChange } from './domain/announcements/operatorAnnouncements';
import type { RedisLink } from './realtime/redis';
import type { RgChange } from './domain/responsibleGaming/events';

/** Wires the domain services for one server; main.ts and the tests share it. */
export async function createDeps(options: {
  config: PlatformConfig;
  db: Database;
  /** Connected by boot when REDIS_URL is set (server/realtime/redis.ts). */
  redis?: RedisLink | null;
  trustProxy: string | undefined;
  opsToken: string | null;
  staticDir: string | null;
  production: boolean;
  /** DEV_TOOLS=1: the development routes; off when not given. */
  devTools?: boolean;
  /** Smaller proof-of-work for tests; production uses the default. */
  humanCheckMaxCounter?: number;
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
    balanceEvents: createBalanceEvents(),
    withdrawalEvents: createAnnouncer<WithdrawalChange>(),
    contractEvents: createAnnouncer<ContractChange>(),
    messageEvents: createAnnouncer<MessageChange>(),
    rewardEvents: createAnnouncer<RewardChange>(),
    vipEvents: createAnnouncer<VipChange>(),
    announcementEvents: createAnnouncer<AnnouncementChange>(),
    rgEvents: createAnnouncer<RgChange>(),
    clock: { now: () => new Date() },
    winnerEvents: createAnnouncer<WinnerEntry>(),
    salaryEvents: createAnnouncer<SalaryChange>(),
    demoRigs: new Map(),
    identity: {
      keys: await loadOrCreateRsaKeys(db),
      human: createHumanCheck(await loadOrCreateChallengeSecret(db), {
        maxCounter: options.humanCheckMaxCounter,
      }),
      sms: providers.sms,
      email: providers.email,
      throttles: createThrottles(db),
      revocations: createRevocations(),
    },
  };
}
