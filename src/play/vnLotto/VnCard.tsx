import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Loadable } from './useVnLotto';

/**
 * A card of the game page that shows something loaded (the tickets, the results): its title,
 * then loading, a failure with Retry, the empty text, or what `children` draws of the value.
 */
export function VnCard<T>({
  name,
  title,
  state,
  isEmpty,
  emptyText,
  onRetry,
  children,
}: {
  /** The card's class and test id suffix: `vn-<name>`. */
  name: string;
  title: string;
  state: Loadable<T>;
  isEmpty: (value: T) => boolean;
  emptyText: string;
  onRetry: () => void;
  children: (value: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section
      className={`vn-card vn-${name}`}
      aria-labelledby={`${id}-title`}
      aria-busy={state.kind === 'loading'}
      data-testid={`vn-${name}`}
    >
      <h2 id={`${id}-title`} className="vn-title">
        {title}
      </h2>
      {state.kind === 'loading' ? (
        <p role="status" className="vn-empty">
          {t('common.loading')}
        </p>
      ) : state.kind === 'failed' ? (
        <p className="vn-empty">
          {t('play.vn.loadFailed')}{' '}
          <button type="button" className="vn-chip" onClick={onRetry}>
            {t('common.retry')}
          </button>
        </p>
      ) : isEmpty(state.value) ? (
        <p className="vn-empty">{emptyText}</p>
      ) : (
        children(state.value)
      )}
    </section>
  );
}
