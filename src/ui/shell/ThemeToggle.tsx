import { useTranslation } from 'react-i18next';
import { useTheme } from '../theme/theme';

export function ThemeToggle() {
  const { t } = useTranslation();
  const [theme, setTheme] = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="icon-button"
      data-testid="theme-toggle"
      aria-label={t(next === 'dark' ? 'shell.themeDark' : 'shell.themeLight')}
      title={t(next === 'dark' ? 'shell.themeDark' : 'shell.themeLight')}
      onClick={() => setTheme(next)}
    >
      {theme === 'dark' ? '☀' : '☾'}
    </button>
  );
}
