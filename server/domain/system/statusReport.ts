import { obfuscateCustomerServicePath } from '../../../src/shared/customerService';
import {
  isFeatureEnabled,
  type SystemStatusInfo,
  type SystemStatusResponse,
  WhitelabelFlag,
} from '../../../src/shared/system';
import type { PlatformConfig } from '../../config/schema';
import type { MaintenanceState } from './maintenance';
import type { Visitor } from './region';

/** The static part of the status response, computed once per configuration. */
export function buildStatusInfo(config: PlatformConfig): SystemStatusInfo {
  return {
    customerService: config.customerService.map((entry) =>
      obfuscateCustomerServicePath(entry.url, entry.key),
    ),
    domainRoute: config.domainRoute,
    resources: config.resources,
    whitelabel: config.whitelabel,
    register: {
      usernameRegistration: isFeatureEnabled(
        config.whitelabel,
        WhitelabelFlag.usernameRegistration,
      ),
      mobileRegistration: isFeatureEnabled(config.whitelabel, WhitelabelFlag.mobileRegistration),
    },
    mainDomain: config.mainDomain,
    analytics: config.analytics,
    imageCDNs: config.imageCDNs,
    launchGameCDNs: config.launchGameCDNs,
    brand: {
      name: config.brand.name,
      merchantCode: config.brand.merchantCode,
      defaultLanguage: config.brand.defaultLanguage,
      languages: config.brand.languages,
    },
    appStores: { ios: config.appStores.ios, android: config.appStores.android },
    lottery: { ...config.lottery.paths },
  };
}

export function buildStatusResponse(
  info: SystemStatusInfo,
  maintenance: MaintenanceState,
  visitor: Visitor,
  regionRestricted: boolean,
): SystemStatusResponse {
  return {
    info,
    location: { ip: visitor.ip },
    maintenance: maintenance.enabled,
    regionRestriction: regionRestricted,
    maintenanceEnd: maintenance.enabled ? maintenance.end : null,
    seq: maintenance.version,
  };
}
