import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromotionTexts } from '../../shared/backOfficePromotions';
import { completeLanguageNames, completeLanguages } from '../../shared/languages';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { Field, Select } from '../components/Field';
import { Tabs } from '../components/Tabs';

/**
 * A promotion's texts, a tab a language (title, summary, terms), each previewed as a player
 * would read it; a language is added with the shown language's texts to start from.
 */
export function PromotionTextsCard({
  content,
  onChange,
}: {
  content: Record<string, PromotionTexts>;
  onChange: (content: Record<string, PromotionTexts>) => void;
}) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState('EN');
  const [adding, setAdding] = useState('');
  const setTexts = (lang: string, next: Partial<PromotionTexts>) =>
    onChange({ ...content, [lang]: { ...content[lang]!, ...next } });

  const languages = Object.keys(content);
  const texts = content[language] ?? content.EN!;
  const addable = completeLanguages.filter((lang) => !languages.includes(lang));

  return (
    <Card title={t('backOffice.promotions.textsTitle')}>
      <Tabs
        label={t('backOffice.promotions.textsTitle')}
        items={languages.map((lang) => ({
          id: lang,
          label: completeLanguageNames[lang as keyof typeof completeLanguageNames] ?? lang,
        }))}
        current={language}
        onSelect={setLanguage}
      />
      <div className="promotion-texts">
        <div className="promotion-grid">
          <Field
            label={t('backOffice.promotions.textTitle')}
            name={`title-${language}`}
            value={texts.title}
            maxLength={80}
            onChange={(event) => setTexts(language, { title: event.target.value })}
          />
          <Field
            label={t('backOffice.promotions.textSummary')}
            name={`summary-${language}`}
            value={texts.summary}
            maxLength={240}
            onChange={(event) => setTexts(language, { summary: event.target.value })}
          />
          <div className="form-field">
            <label htmlFor={`promotion-terms-${language}`}>
              {t('backOffice.promotions.textTerms')}
            </label>
            <textarea
              id={`promotion-terms-${language}`}
              rows={4}
              maxLength={20_000}
              value={texts.terms}
              onChange={(event) => setTexts(language, { terms: event.target.value })}
            />
          </div>
        </div>
        <section
          className="promotion-preview"
          aria-label={t('backOffice.promotions.preview')}
          data-testid="promotion-preview"
        >
          <p className="promotion-preview-label">{t('backOffice.promotions.preview')}</p>
          <h3>{texts.title || t('backOffice.promotions.noTitle')}</h3>
          {texts.summary && <p>{texts.summary}</p>}
          {texts.terms && <p className="promotion-preview-terms">{texts.terms}</p>}
        </section>
      </div>
      {addable.length > 0 && (
        <div className="promotion-add-language">
          <Select
            label={t('backOffice.promotions.addLanguage')}
            name="addLanguage"
            value={adding}
            options={[
              { value: '', label: '—' },
              ...addable.map((lang) => ({ value: lang, label: completeLanguageNames[lang] })),
            ]}
            onChange={(event) => setAdding(event.target.value)}
          />
          <Button
            size="sm"
            disabled={!adding}
            onClick={() => {
              onChange({ ...content, [adding]: { ...texts } });
              setLanguage(adding);
              setAdding('');
            }}
          >
            {t('backOffice.promotions.add')}
          </Button>
        </div>
      )}
    </Card>
  );
}
