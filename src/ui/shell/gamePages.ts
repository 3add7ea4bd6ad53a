/**
 * Spec 2: these paths count as game pages and hide the side menu. The spec spells one of them
 * "/lottert"; we take it for the /lottery launch page and keep both spellings.
 */
const gamePagePrefixes = ['/seamless', '/lottert', '/lottery', '/vnlottery', '/sealottery'];

export function isGamePage(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return gamePagePrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** The member centre (/member, /member/…), whose own menu stands beside its pages. */
export function isMemberCentre(pathname: string): boolean {
  return /^\/member(\/|$)/i.test(pathname);
}
