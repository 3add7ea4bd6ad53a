/**
 * "Remember me" (spec 4): the username is kept in a cookie for one day. Only the username —
 * never the password, which the browser's own password manager is better placed to keep.
 */
const COOKIE = 'rememberedUser';
const ONE_DAY_SECONDS = 24 * 60 * 60;

export function rememberedUsername(): string {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${COOKIE}=`));
  return match ? decodeURIComponent(match.slice(COOKIE.length + 1)) : '';
}

export function rememberUsername(username: string | null): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = username
    ? `${COOKIE}=${encodeURIComponent(username)}; Max-Age=${ONE_DAY_SECONDS}; Path=/; SameSite=Lax${secure}`
    : `${COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
}
