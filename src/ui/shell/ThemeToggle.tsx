import { useTranslation } from 'react-i18next';
import { IconButton } from '../components/Button';
import { useTheme } from '../core/theme';

export function ThemeToggle() {
  const { t } = useTranslation();
  const [theme, setTheme] = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <IconButton
      icon={theme === 'dark' ? 'sun' : 'moon'}
      data-testid="theme-toggle"
      label={t(next === 'dark' ? 'shell.themeDark' : 'shell.themeLight')}
      onClick={() => setTheme(next)}
    />
  );
}
