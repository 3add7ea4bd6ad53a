import type { PageRegistry } from './registry';
import { LIFTS, type SiteNeed, type SiteProfile } from './site';

/**
 * The preflight (issue 33): what the site gives a run and, per machine, what will run, what
 * will be cut short and why, and the one setting that lifts each cut. `npm run paths -- doctor`
 * prints it alone; every run prints it first.
 */
export function doctorReport(
  baseURL: string,
  profile: SiteProfile,
  registries: readonly PageRegistry[],
): string {
  const yes = (value: boolean) => (value ? 'yes' : 'no');
  const lines = [
    `The site at ${baseURL}:`,
    `  development tools    ${yes(profile.devTools)}${profile.devTools ? '' : `  (${LIFTS.devTools})`}`,
    `  operator's calls     ${
      profile.operator
        ? 'yes'
        : profile.tokenRefused
          ? 'no: the site refused the token given, or its /ops/ calls are not reachable from here'
          : `no  (${LIFTS.operator})`
    }`,
    `  runner's addresses   ${
      profile.addresses
        ? "yes: it takes the runner's X-Forwarded-For, each path has an address of its own"
        : `no: it sees every path as ${profile.seenAs ?? 'one address'} (${LIFTS.addresses})`
    }`,
    `  maintenance          ${profile.maintenance === null ? 'unknown' : profile.maintenance ? 'ON: every page shows the maintenance screen' : 'off'}`,
    `  pop-ups              ${profile.popups === null ? 'unknown' : `${profile.popups} announcement pop-up(s) (closed as a person would)`}`,
    ...limitLines(profile),
  ];
  const missing = new Set<SiteNeed>();
  lines.push('', 'Per machine:');
  for (const registry of registries) {
    const lacking = (registry.needs ?? []).filter((need) => !profile[need]);
    const name = registry.model.id.padEnd(24);
    if (lacking.length > 0) {
      for (const need of lacking) missing.add(need);
      lines.push(`  ${name}not run: needs ${lacking.map((need) => NAMES[need]).join(' and ')}`);
      continue;
    }
    const cuts = (registry.cuts ?? []).filter((cut) => !cut.needs.some((need) => profile[need]));
    lines.push(
      `  ${name}runs${cuts.length ? '; cut short where a step needs what the site lacks:' : ': every step'}`,
    );
    for (const cut of cuts) {
      for (const need of cut.needs) missing.add(need);
      lines.push(`      ${cut.what}: needs ${cut.needs.map((need) => NAMES[need]).join(' or ')}`);
    }
  }
  if (!profile.addresses) {
    lines.push(
      '',
      `Every path comes from ${profile.seenAs ?? 'one address'}: the site's limits per address (registrations, SMS codes, failed logins, one login a second) are shared by the whole run, and a path that meets one is cut short with it, not failed.`,
    );
  }
  if (profile.maintenance) {
    lines.push('', 'The site is in maintenance: every path will stop at the maintenance screen.');
  }
  lines.push('');
  if (missing.size === 0) lines.push('Nothing is cut for lack of a setting.');
  else {
    lines.push('What lifts the cuts:');
    for (const need of missing) lines.push(`  ${NAMES[need]}: ${LIFTS[need]}`);
  }
  return lines.join('\n');
}

const NAMES: Record<SiteNeed, string> = {
  devTools: 'the development tools',
  operator: "the operator's calls",
  addresses: "the runner's addresses",
};

function limitLines(profile: SiteProfile): string[] {
  const limits = profile.limits;
  if (!limits) {
    return [
      "  limits               known with the operator's calls only; as shipped: 5 registrations and 20 SMS codes an hour per address, one login a second per account and address, the captcha after 3 failed logins of an account or 10 from an address in 15 minutes",
    ];
  }
  const { registration, sms, login } = limits;
  return [
    `  registrations        ${registration.perAddressPerHour} an hour per address, ${registration.perAgentPerDay} a day per agent's link`,
    `  SMS codes            ${sms.perAddressPerHour} an hour per address, ${sms.perNumberPerDay} a day per number`,
    `  logins               ${login.perSecondPerAccountAndAddress} a second per account and address; the captcha after ${login.captchaAfter.account} failures of an account or ${login.captchaAfter.address} from an address in ${login.windowMinutes} minutes; locked for ${login.lockMinutes} minutes after ${login.lockAfter.accountAndAddress} from one address on an account or ${login.lockAfter.address} from an address`,
  ];
}
