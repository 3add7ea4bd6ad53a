import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { completeLanguageNames, isCompleteLanguage } from '../../shared/languages';
import { useServices } from '../core/ServicesContext';
import { useSiteInfo } from '../core/SiteInfoContext';

/** The brand's languages (from configuration), each in its own name. */
export function LanguageSelect({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const { language } = useServices();
  const id = useId();
  const languages = useSiteInfo().info.brand.languages;
  return (
    <div className={`language-select ${compact ? 'compact' : ''}`}>
      <label htmlFor={id} className={compact ? 'visually-hidden' : undefined}>
        {t('shell.language')}
      </label>
      <select
        id={id}
        data-testid="language-select"
        value={i18n.language.toUpperCase()}
        onChange={(event) => void language.change(event.target.value)}
      >
        {languages.map((code) => (
          <option key={code} value={code}>
            {isCompleteLanguage(code) ? completeLanguageNames[code] : code}
          </option>
        ))}
      </select>
    </div>
  );
}
