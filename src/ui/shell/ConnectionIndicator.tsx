import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useObservable } from '../hooks/useObservable';

/** Quiet until the live connection is lost; then a small notice until it is back. */
export function ConnectionIndicator() {
  const { t } = useTranslation();
  const state = useObservable(useServices().realtime.connectionState$, 'connecting');
  return (
    <div className="connection-indicator" role="status" aria-live="polite" data-state={state}>
      {state === 'reconnecting' ? t('shell.reconnecting') : ''}
    </div>
  );
}
