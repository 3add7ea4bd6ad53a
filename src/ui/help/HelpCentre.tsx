import {
  type HTMLAttributes,
  type ReactNode,
  useDeferredValue,
  useEffect,
  useId,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { HelpArticle, HelpCentre as HelpDocument, HelpSection } from '../../shared/help';
import { Button } from '../components/Button';
import { EmptyState } from '../components/EmptyState';
import { Field } from '../components/Field';
import { Icon } from '../components/Icon';
import { LoadFailed } from '../components/LoadFailed';
import { usePopups } from '../core/PopupContext';
import { useQuery } from '../hooks/useQuery';
import { searchHelp } from './helpSearch';
import { siteFeature } from '../../app/features/site';
import { useFeature } from '../core/useFeature';

type Level = 2 | 3;

/** A heading of the given level: sections sit under the popup's h2 or the page's h1. */
function Heading({ level, ...rest }: { level: Level | 4 } & HTMLAttributes<HTMLHeadingElement>) {
  if (level === 2) return <h2 {...rest} />;
  if (level === 3) return <h3 {...rest} />;
  return <h4 {...rest} />;
}

/** The section an anchor names (`#term`, `#live-support`), if the document has it. */
const sectionOf = (document: HelpDocument, anchor: string | null) =>
  anchor ? document.sections.find((section) => section.id === anchor) : undefined;

/**
 * The help centre (spec 2: /help in its popup, /helpmc as a page): a search box that filters the
 * articles as the person types, and the sections as an accordion (WAI-ARIA disclosure buttons)
 * while nothing is typed. `anchor` (the URL's hash) opens its section and brings it into view:
 * `#term` the terms, `#live-support` customer service. Asks again when the language changes.
 */
export function HelpCentre({ anchor, level }: { anchor: string | null; level: Level }) {
  const { t, i18n } = useTranslation();
  const siteModule = useFeature(siteFeature);
  const help = useQuery(`help:${i18n.language}`, (signal) =>
    siteModule.helpCenter(i18n.language, signal),
  );
  const [query, setQuery] = useState('');
  // Typing stays responsive; the list follows a moment later on slow phones.
  const deferredQuery = useDeferredValue(query);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const document = help.state.kind === 'ready' ? help.state.value : null;
  const searchId = useId();
  // Going to the page closes the /help popup this may be shown in.
  const { close: closePopup } = usePopups();

  // The anchor's section opens once the content is there, and again when the hash names
  // another one (state adjusted while rendering, as React advises, not in an effect).
  const anchored = document ? sectionOf(document, anchor) : undefined;
  const [opened, setOpened] = useState<string | null>(null);
  if (anchored && opened !== anchored.id) {
    setOpened(anchored.id);
    setQuery('');
    setOpen(new Set(open).add(anchored.id));
  }
  useEffect(() => {
    if (!anchored) return;
    // After the panel is shown.
    const frame = requestAnimationFrame(() =>
      window.document.getElementById(`help-${anchored.id}`)?.scrollIntoView({ block: 'start' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [anchored]);

  if (help.state.kind === 'failed')
    return <LoadFailed onRetry={help.refresh} testId="help-failed" />;
  if (!document)
    return (
      <p role="status" className="section-loading">
        <span className="spinner" aria-hidden="true" /> {t('common.loading')}
      </p>
    );
  if (document.sections.length === 0) return <EmptyState title={t('help.empty')} />;

  const searching = deferredQuery.trim() !== '';
  const found = searchHelp(document.sections, deferredQuery);
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className="help-centre" lang={document.language.toLowerCase()}>
      <div className="help-search" role="search">
        <Field
          label={t('help.searchLabel')}
          name="help-search"
          type="search"
          value={query}
          placeholder={t('help.searchPlaceholder')}
          autoComplete="off"
          enterKeyHint="search"
          aria-controls={searchId}
          onChange={(event) => setQuery(event.target.value)}
        />
        <p className="visually-hidden" role="status">
          {searching ? t('help.found', { count: found.matches }) : ''}
        </p>
      </div>
      <div id={searchId} className="help-results">
        {searching && found.matches === 0 ? (
          <EmptyState title={t('help.noResultsTitle', { query: deferredQuery.trim() })} icon="info">
            <p>{t('help.noResultsBody')}</p>
            <p className="help-empty-actions">
              <Button variant="secondary" size="sm" onClick={() => setQuery('')}>
                {t('help.clearSearch')}
              </Button>
              <Link className="button ghost small" to="/helpmc#live-support" onClick={closePopup}>
                {t('shell.customerService')}
              </Link>
            </p>
          </EmptyState>
        ) : searching ? (
          found.sections.map((section) => (
            <section key={section.id} className="help-section" aria-label={section.title}>
              <SectionTitle section={section} level={level} />
              <Articles section={section} level={level} />
            </section>
          ))
        ) : (
          document.sections.map((section) => (
            <AccordionSection
              key={section.id}
              section={section}
              level={level}
              expanded={open.has(section.id)}
              onToggle={() => toggle(section.id)}
            />
          ))
        )}
      </div>
    </div>
  );
}

function SectionTitle({ section, level }: { section: HelpSection; level: Level }) {
  return (
    <Heading level={level} className="help-section-title" lang={section.language.toLowerCase()}>
      {section.title}
    </Heading>
  );
}

function AccordionSection({
  section,
  level,
  expanded,
  onToggle,
}: {
  section: HelpSection;
  level: Level;
  expanded: boolean;
  onToggle: () => void;
}) {
  const panelId = `help-${section.id}-panel`;
  return (
    <section id={`help-${section.id}`} className="help-section">
      <Heading level={level} className="help-section-title" lang={section.language.toLowerCase()}>
        <button
          type="button"
          className="help-toggle"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={onToggle}
        >
          <span>{section.title}</span>
          <Icon name="chevronDown" className="help-toggle-icon" />
        </button>
      </Heading>
      <div id={panelId} className="help-panel" hidden={!expanded}>
        <Articles section={section} level={level} />
      </div>
    </section>
  );
}

function Articles({ section, level }: { section: HelpSection; level: Level }) {
  return (
    <>
      {section.articles.map((article) => (
        <Article key={article.id} article={article} level={level} />
      ))}
    </>
  );
}

function Article({ article, level }: { article: HelpArticle; level: Level }) {
  const blocks: ReactNode[] = article.body.map((block, index) =>
    typeof block === 'string' ? (
      <p key={index}>{block}</p>
    ) : (
      <ul key={index}>
        {block.map((item, itemIndex) => (
          <li key={itemIndex}>{item}</li>
        ))}
      </ul>
    ),
  );
  return (
    <article className="help-article" lang={article.language.toLowerCase()}>
      <Heading level={level === 2 ? 3 : 4} className="help-article-title">
        {article.title}
      </Heading>
      {blocks}
    </article>
  );
}
