import type { PlatformConfig } from '../config/schema';
import type { Database } from '../db/types';
import type { MaintenanceSwitch } from '../domain/system/maintenance';
import type { RegionPolicy } from '../domain/system/region';
import type { RsaKeys } from '../crypto/rsaKeys';
import type { WinnerEntry } from '../../src/shared/games';
import type { Announcer } from '../domain/announcer';
import type { SalaryChange } from '../domain/salary/publish';
import type { DemoRig } from '../domain/games/demoVendor/rigs';
import type { RewardChange } from '../domain/rewards/events';
import type { VipChange } from '../domain/vip/progress';
import type { BalanceEvents } from '../domain/ledger/balanceEvents';
import type { WithdrawalChange } from '../domain/withdrawals/lifecycle';
import type { ContractChange } from '../domain/contracts/lifecycle';
import type { MessageChange } from '../domain/messages/events';
import type { AnnouncementChange } from '../domain/announcements/operatorAnnouncements';
import type { HumanCheck } from '../domain/identity/humanCheck';
import type { Revocations } from '../domain/identity/revocations';
import type { Throttles } from '../domain/identity/throttles';
import type { EmailProvider, SmsProvider } from '../domain/messaging/providers';
import type { VisitorResolver } from './visitor';
import type { RedisLink } from '../realtime/redis';
import type { RgChange } from '../domain/responsibleGaming/events';

/**
 * The time the responsible-gaming rules read (issue 17): the real clock, which a test replaces
 * (`deps.clock.now = …`) to see a cooling-off delay pass or an exclusion end.
 */
export interface Clock {
  now(): Date;
}

/** Everything the HTTP and realtime layers need, built once in main.ts (or by a test). */
export interface AppDeps {
  config: PlatformConfig;
  db: Database;
  /** REDIS_URL: this process runs beside others and fans out through Redis; else null. */
  redis: RedisLink | null;
  maintenance: MaintenanceSwitch;
  region: RegionPolicy;
  visitorOf: VisitorResolver;
  /** Secret for the operator endpoints; null disables them. */
  opsToken: string | null;
  /** Folder of the built site, or null when Vite serves it (dev) or in API-only tests. */
  staticDir: string | null;
  production: boolean;
  /**
   * The development routes (/dev/outbox, /wps/dev/…) and the remembered captcha answers: only
   * with DEV_TOOLS=1, never in production (server/config/env.ts refuses that pair).
   */
  devTools: boolean;
  /** Committed balance changes, for the `balance` socket event. */
  balanceEvents: BalanceEvents;
  /** Salary accruals and settlements, for the agent's `salary` socket event. */
  salaryEvents: Announcer<SalaryChange>;
  /** Big wins of the demo vendor, for the public `winner` socket event. */
  winnerEvents: Announcer<WinnerEntry>;
  /**
   * The demo vendor's next outcome per member, set by a development-only route so end-to-end
   * tests can make a big win happen; empty (and unreachable) without the development tools.
   */
  demoRigs: Map<string, DemoRig>;
  /** Committed withdrawal state changes, for the `withdrawal` socket event. */
  withdrawalEvents: Announcer<WithdrawalChange>;
  /** Committed contract changes, for the `contract` socket event to both parties. */
  contractEvents: Announcer<ContractChange>;
  /** Inboxes that changed (a message arrived, some were read or deleted). */
  messageEvents: Announcer<MessageChange>;
  /** Members whose rewards or bonus lock changed, for the `reward` socket event. */
  rewardEvents: Announcer<RewardChange>;
  /** VIP levels that changed, for the `vip` socket event. */
  vipEvents: Announcer<VipChange>;
  /** The operator created or ended an announcement, for the `announcement` socket event. */
  announcementEvents: Announcer<AnnouncementChange>;
  /** A member's responsible-gaming settings changed, for the `rg` socket event (issue 17). */
  rgEvents: Announcer<RgChange>;
  clock: Clock;
  identity: {
    keys: RsaKeys;
    human: HumanCheck;
    sms: SmsProvider;
    email: EmailProvider;
    throttles: Throttles;
    revocations: Revocations;
  };
}
