import type { LotteryPaths } from './lottery';
/**
 * System status and site settings as both sides see them (spec 3 "System status response",
 * "Site settings"). Declared once here; the server builds them, the browser reads them.
 */

/** 0 normal, 1 maintenance, 2 region restricted (spec 4). */
export const SystemStatusCode = { normal: 0, maintenance: 1, regionRestricted: 2 } as const;
export type SystemStatusCode = (typeof SystemStatusCode)[keyof typeof SystemStatusCode];

export interface WhitelabelNode {
  modId: string;
  enabled: boolean;
  childrenNodes: WhitelabelNode[];
}

export interface SiteResource {
  resourceType: string;
  url: string;
  labelNameEn?: string;
}

export interface DomainRoute {
  domain: string;
  type: string;
}

export interface SystemStatusInfo {
  /** Obfuscated customer-service paths (see customerService.ts). */
  customerService: string[];
  domainRoute: DomainRoute[];
  resources: SiteResource[];
  whitelabel: WhitelabelNode[];
  register: { usernameRegistration: boolean; mobileRegistration: boolean };
  mainDomain: string;
  analytics: { gtagId: string | null };
  imageCDNs: string[];
  launchGameCDNs: string[];
  brand: { name: string; merchantCode: string; defaultLanguage: string; languages: string[] };
  /**
   * Ours, not in the spec (issue 16): the apps' store pages when the operator has them, else
   * null and the download page offers the installable web app.
   */
  appStores: AppStores;
  /** Ours (issue 16): where the lottery lobby info and recent results are served (spec 7). */
  lottery: LotteryPaths;
}

export interface AppStores {
  ios: string | null;
  android: string | null;
}

export interface SystemStatusResponse {
  info: SystemStatusInfo;
  location: { ip: string };
  maintenance: boolean;
  regionRestriction: boolean;
  /** ISO 8601 instant, or null when no end time is announced. */
  maintenanceEnd: string | null;
  /**
   * The version of the switches this answer reflects, the `seq` of `system` events (ours, not
   * in the spec): a push with a higher seq is newer than this answer.
   */
  seq: number;
}

/** Maintenance wins over region restriction (spec 4). */
export function statusCodeOf(flags: {
  maintenance: boolean;
  regionRestriction: boolean;
}): SystemStatusCode {
  if (flags.maintenance) return SystemStatusCode.maintenance;
  if (flags.regionRestriction) return SystemStatusCode.regionRestricted;
  return SystemStatusCode.normal;
}

/** Feature flags of the whitelabel tree (spec 3 and 6). Names not in the spec are ours. */
export const WhitelabelFlag = {
  usernameRegistration: 'USERNAMEREG3',
  mobileRegistration: 'MOBILENUMREG3',
  mobilePasswordRegistration: 'MOBILENUMPASSREG3',
  registrationSmsVerification: 'REGMOBVERF3',
  agentPolicy: 'AGENTPOLICY3',
  // Not named by the spec: free play, forced password-expiry change, mobile code login.
  freePlay: 'FREEPLAY3',
  passwordExpiry: 'PWDEXPIRY3',
  mobileCodeLogin: 'MOBILELOGIN3',
} as const;

export function isFeatureEnabled(tree: readonly WhitelabelNode[], modId: string): boolean {
  for (const node of tree) {
    if (node.modId === modId) return node.enabled;
    // A child counts only if every ancestor is enabled.
    if (node.enabled && isFeatureEnabled(node.childrenNodes, modId)) return true;
  }
  return false;
}
