import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { PlatformConfig } from '../../config/schema';
import type { Visitor } from '../../platform/visitor';

export type { Visitor } from '../../platform/visitor';

/**
 * Region restriction from configuration: blocked CIDR ranges and blocked countries.
 * The country can only come from a trusted proxy (the server has no geo-IP database), so a
 * deployment that blocks by country sets `countryHeader` and `TRUST_PROXY` together.
 */
export function createRegionPolicy(rules: PlatformConfig['regionRestriction']) {
  const blocked = new BlockList();
  for (const cidr of rules.blockedCidrs) {
    const [address = '', prefix] = cidr.split('/');
    const family = isIPv6(address) ? 'ipv6' : 'ipv4';
    blocked.addSubnet(address, Number(prefix), family);
  }
  const countries = new Set(rules.blockedCountries);

  return {
    isRestricted(visitor: Visitor): boolean {
      if (visitor.country && countries.has(visitor.country.toUpperCase())) return true;
      const ip = visitor.ip.startsWith('::ffff:') ? visitor.ip.slice(7) : visitor.ip;
      if (isIPv4(ip)) return blocked.check(ip, 'ipv4');
      if (isIPv6(ip)) return blocked.check(ip, 'ipv6');
      return false;
    },
  };
}

export type RegionPolicy = ReturnType<typeof createRegionPolicy>;
