import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState';

/** A section whose content a later issue builds: a titled page with a real empty state. */
export function SectionPlaceholder({ titleKey, testId }: { titleKey: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="section-page" data-testid={testId}>
      <h1>{t(titleKey)}</h1>
      <EmptyState title={t('section.emptyTitle')}>
        <p>{t('section.emptyBody')}</p>
      </EmptyState>
    </div>
  );
}
