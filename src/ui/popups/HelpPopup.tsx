import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HelpTopic } from '../../api/system';
import { useServices } from '../app/ServicesContext';
import { Modal } from '../components/Modal';
import { SafeHtml } from '../components/SafeHtml';

type HelpState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; topics: HelpTopic[] };

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
  const [state, setState] = useState<HelpState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refetch on language change and retry.
  useEffect(() => {
    if (!open) return;
    let current = true;
    setState({ kind: 'loading' });
    systemApi.helpCenter().then(
      (topics) => current && setState({ kind: 'ready', topics }),
      () => current && setState({ kind: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [open, systemApi, i18n.language, attempt]);

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
      {state.kind === 'failed' && (
        <div role="alert">
          <p>{t('errors.network')}</p>
          <button type="button" className="button primary" onClick={() => setAttempt((n) => n + 1)}>
            {t('common.retry')}
          </button>
        </div>
      )}
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
