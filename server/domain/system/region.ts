import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { PlatformConfig } from '../../config/schema';
import type { Visitor } from '../../platform/visitor';

export type { Visitor } from '../../platform/visitor';

/** Addresses whose answer is kept: beyond it the memory starts again (a scan of many). */
const MAX_JUDGED = 10_000;

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

  const anyRange = rules.blockedCidrs.length > 0;
  // BlockList.check makes a SocketAddress for every call (~5 µs, issue 31's profile of the game
  // list): each address's answer is kept, the rules being fixed for the process's life.
  const judged = new Map<string, boolean>();
  const rangeBlocks = (ip: string): boolean => {
    let answer = judged.get(ip);
    if (answer === undefined) {
      answer = isIPv4(ip)
        ? blocked.check(ip, 'ipv4')
        : isIPv6(ip)
          ? blocked.check(ip, 'ipv6')
          : false;
      if (judged.size >= MAX_JUDGED) judged.clear();
      judged.set(ip, answer);
    }
    return answer;
  };

  return {
    isRestricted(visitor: Visitor): boolean {
      if (visitor.country && countries.has(visitor.country.toUpperCase())) return true;
      if (!anyRange) return false;
      return rangeBlocks(visitor.ip.startsWith('::ffff:') ? visitor.ip.slice(7) : visitor.ip);
    },
  };
}

export type RegionPolicy = ReturnType<typeof createRegionPolicy>;
