import type { PlatformConfig } from './config/schema';
import type { Database } from './db/types';
import { createMaintenanceSwitch } from './domain/system/maintenance';
import { createRegionPolicy } from './domain/system/region';
import type { AppDeps } from './http/deps';
import { createVisitorResolver } from './http/visitor';

/** Wires the domain services for one server; main.ts and the tests share it. */
export async function createDeps(options: {
  config: PlatformConfig;
  db: Database;
  trustProxy: string | undefined;
  opsToken: string | null;
  staticDir: string | null;
  production: boolean;
}): Promise<AppDeps> {
  const { config, db } = options;
  return {
    config,
    db,
    maintenance: await createMaintenanceSwitch(db, config.maintenance),
    region: createRegionPolicy(config.regionRestriction),
    visitorOf: createVisitorResolver(options.trustProxy, config.regionRestriction.countryHeader),
    opsToken: options.opsToken,
    staticDir: options.staticDir,
    production: options.production,
  };
}
