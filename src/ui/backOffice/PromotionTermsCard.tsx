import { useTranslation } from 'react-i18next';
import type { PromotionType } from '../../shared/promotions';
import { Card } from '../components/Card';
import { Field, Select } from '../components/Field';
import { TERM_FIELDS } from './promotionDraft';

/** The terms the promotion's type takes, each as typed (a yes/no one as a choice). */
export function PromotionTermsCard({
  type,
  terms,
  onChange,
}: {
  type: PromotionType;
  terms: Record<string, string>;
  onChange: (terms: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card title={t('backOffice.promotions.termsTitle')}>
      <div className="promotion-grid" data-testid="promotion-terms">
        {TERM_FIELDS[type].map(([key, kind]) =>
          kind === 'bool' ? (
            <Select
              key={key}
              label={t(`backOffice.promotions.terms.${key}`)}
              name={key}
              value={terms[key] ?? 'false'}
              options={[
                { value: 'false', label: t('backOffice.promotions.no') },
                { value: 'true', label: t('backOffice.promotions.yes') },
              ]}
              onChange={(event) => onChange({ ...terms, [key]: event.target.value })}
            />
          ) : (
            <Field
              key={key}
              label={t(`backOffice.promotions.terms.${key}`)}
              name={key}
              type={kind === 'datetime' ? 'datetime-local' : 'text'}
              inputMode={kind === 'money' || kind === 'percent' ? 'decimal' : undefined}
              hint={
                kind === 'prizes' || kind === 'gameTypes'
                  ? t(`backOffice.promotions.hints.${kind}`)
                  : undefined
              }
              value={terms[key] ?? ''}
              onChange={(event) => onChange({ ...terms, [key]: event.target.value })}
            />
          ),
        )}
      </div>
    </Card>
  );
}
