import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HelpTopic } from '../../../api/system';
import { useServices } from '../../core/ServicesContext';
import { SafeHtml } from '../../components/SafeHtml';
import { LoadFailed } from '../../components/LoadFailed';

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
  const [attempt, setAttempt] = useState(0);
  // Answers are kept with the request they answer: a new language or a retry is a new request,
  // and until its answer arrives the popup shows loading.
  const request = `${i18n.language}#${attempt}`;
  const [answer, setAnswer] = useState<{ request: string; state: HelpState } | null>(null);
  const state: HelpState | typeof LOADING = answer?.request === request ? answer.state : LOADING;

  useEffect(() => {
    let current = true;
    systemApi.helpCenter().then(
      (topics) => current && setAnswer({ request, state: { kind: 'ready', topics } }),
      () => current && setAnswer({ request, state: { kind: 'failed' } }),
    );
    return () => {
      current = false;
    };
  }, [systemApi, request]);

  useEffect(() => {
    if (state.kind === 'ready' && anchor)
      document.getElementById(`help-${anchor}`)?.scrollIntoView();
  }, [state, anchor]);

  if (state.kind === 'loading')
    return (
      <p role="status" className="section-loading">
        <span className="spinner" aria-hidden="true" /> {t('common.loading')}
      </p>
    );
  if (state.kind === 'failed') return <LoadFailed onRetry={() => setAttempt((n) => n + 1)} />;
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
