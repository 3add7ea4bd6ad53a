import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { HelpTopic } from '../../../api/system';
import { useServices } from '../../core/ServicesContext';
import { SafeHtml } from '../../components/SafeHtml';
import { LoadFailed } from '../../components/LoadFailed';
import { useQuery } from '../../hooks/useQuery';

type HelpState = { kind: 'failed' } | { kind: 'ready'; topics: HelpTopic[] };
const LOADING = { kind: 'loading' } as const;

/**
 * The help centre's content (spec 2 /help; #term opens the terms), inside the help popup that
 * Popups.tsx opens; it loads with the popup, not with the first page. Asks again when the
 * language changes.
 */
export default function HelpContent({ anchor }: { anchor: string | null }) {
  const { t, i18n } = useTranslation();
  const { systemApi } = useServices();
  // A new language or a retry is a new request; until its answer arrives the popup shows
  // loading.
  const help = useQuery(i18n.language, () => systemApi.helpCenter());
  const state: HelpState | typeof LOADING =
    help.state.kind === 'ready'
      ? { kind: 'ready', topics: help.state.value }
      : help.state.kind === 'failed'
        ? { kind: 'failed' }
        : LOADING;

  const ready = state.kind === 'ready';
  useEffect(() => {
    if (ready && anchor) document.getElementById(`help-${anchor}`)?.scrollIntoView();
  }, [ready, anchor]);

  if (state.kind === 'loading')
    return (
      <p role="status" className="section-loading">
        <span className="spinner" aria-hidden="true" /> {t('common.loading')}
      </p>
    );
  if (state.kind === 'failed') return <LoadFailed onRetry={help.refresh} />;
  if (state.topics.length === 0) return <p>{t('help.empty')}</p>;
  return (
    <>
      {state.topics.map((topic) => (
        <section key={topic.id} id={`help-${topic.id}`} className="help-topic">
          <h3>{topic.title}</h3>
          <SafeHtml html={topic.content} />
        </section>
      ))}
    </>
  );
}
