import { THEME_STORAGE_KEY } from '../shared/theme';

type Theme = 'light' | 'dark';

const isTheme = (value: string | null): value is Theme => value === 'light' || value === 'dark';

function storedTheme(): string | null {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    // Storage refused (a frame of another site, a private mode): the device's choice decides.
    return null;
  }
}

/**
 * The game page's theme (issue 34, finding 5): the one the site passes (`?theme=dark|light`),
 * else the one the player chose on the site (the same origin's storage), else the device's.
 * It follows a change of either while the game is open (the site's switch, the device's
 * dark mode) unless the address fixed it.
 */
export function followTheme(query: URLSearchParams): void {
  const passed = query.get('theme');
  const device = window.matchMedia?.('(prefers-color-scheme: dark)');
  const apply = () => {
    const stored = storedTheme();
    const theme: Theme = isTheme(passed)
      ? passed
      : isTheme(stored)
        ? stored
        : device?.matches
          ? 'dark'
          : 'light';
    document.documentElement.dataset.theme = theme;
  };
  apply();
  if (isTheme(passed)) return;
  device?.addEventListener('change', apply);
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === THEME_STORAGE_KEY) apply();
  });
}
