import type { PlatformConfig } from '../config/schema';
import type { Database } from '../db/types';
import type { Changes } from './unitOfWork';

/**
 * The time the rules read (responsible gaming's delays, expiries): the real clock, which a test
 * replaces (`deps.clock.now = …`) to see a cooling-off delay pass or an exclusion end.
 */
export interface Clock {
  now(): Date;
}

/**
 * What every domain command may use (issue 29): the configuration, the database, the clock and
 * the committed changes' bus. A feature that needs more (identity's providers, the chat's
 * presence) declares its own slice beside it; the composition root (server/deps.ts) builds the
 * whole `AppDeps`, which satisfies every slice. Nothing here knows a feature.
 */
export interface Platform {
  config: PlatformConfig;
  db: Database;
  clock: Clock;
  /** Committed changes, published by the unit of work only; the realtime layer listens. */
  changes: Changes;
  production: boolean;
  /** DEV_TOOLS=1, never in production: the development routes and shortcuts. */
  devTools: boolean;
}
