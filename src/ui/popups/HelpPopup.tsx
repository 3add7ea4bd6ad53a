import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HelpTopic } from '../../api/system';
import { useServices } from '../app/ServicesContext';
import { Modal } from '../components/Modal';
import { SafeHtml } from '../components/SafeHtml';
import { LoadFailed } from '../components/LoadFailed';

type HelpState = { kind: 'failed' } | { kind: 'ready'; topics: HelpTopic[] };
const LOADING = { kind: 'loading' } as const;

/** The help centre (spec 2 /help; #term opens the terms). Reloads when the language changes. */
export function HelpPopup({
  open,
  onClose,
  anchor,
}: {
  open: boolean;
  onClose: () => void;
  anchor: string | null;
}) {
  const { t, i18n } = useTranslation();
  const { systemApi } = useServices();
  const [attempt, setAttempt] = useState(0);
  // Answers are kept with the request they answer: a new language or a retry is a new request,
  // and until its answer arrives the popup shows loading.
  const request = `${i18n.language}#${attempt}`;
  const [answer, setAnswer] = useState<{ request: string; state: HelpState } | null>(null);
  const state: HelpState | typeof LOADING = answer?.request === request ? answer.state : LOADING;

  useEffect(() => {
    if (!open) return;
    let current = true;
    systemApi.helpCenter().then(
      (topics) => current && setAnswer({ request, state: { kind: 'ready', topics } }),
      () => current && setAnswer({ request, state: { kind: 'failed' } }),
    );
    return () => {
      current = false;
    };
  }, [open, systemApi, request]);

  useEffect(() => {
    if (state.kind === 'ready' && anchor)
      document.getElementById(`help-${anchor}`)?.scrollIntoView();
  }, [state, anchor]);

  return (
    <Modal name="help" title={t('help.title')} open={open} onClose={onClose}>
      {state.kind === 'loading' && (
        <p role="status" className="section-loading">
          <span className="spinner" aria-hidden="true" /> {t('common.loading')}
        </p>
      )}
      {state.kind === 'failed' && <LoadFailed onRetry={() => setAttempt((n) => n + 1)} />}
      {state.kind === 'ready' &&
        (state.topics.length === 0 ? (
          <p>{t('help.empty')}</p>
        ) : (
          state.topics.map((topic) => (
            <section key={topic.id} id={`help-${topic.id}`} className="help-topic">
              <h3>{topic.title}</h3>
              <SafeHtml html={topic.content} />
            </section>
          ))
        ))}
    </Modal>
  );
}
