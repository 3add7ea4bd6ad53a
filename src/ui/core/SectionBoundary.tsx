import { Component, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ChunkLoadError } from './lazySection';
import { retryFailedPages } from './lazyPage';
import { Button } from '../components/Button';

interface BoundaryState {
  error: Error | null;
  attempt: number;
}

/**
 * Wraps a lazy section: a spinner while its chunk loads, and on failure a clear message with
 * Retry (which re-mounts the section so its loader runs again) and Reload.
 */
class Boundary extends Component<
  {
    children: (attempt: number) => ReactNode;
    fallback: (retry: () => void, error: Error) => ReactNode;
  },
  BoundaryState
> {
  override state: BoundaryState = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: Error): Partial<BoundaryState> {
    return { error };
  }

  retry = () => {
    retryFailedPages();
    this.setState((state) => ({ error: null, attempt: state.attempt + 1 }));
  };

  override render() {
    if (this.state.error) return this.props.fallback(this.retry, this.state.error);
    return this.props.children(this.state.attempt);
  }
}

export function SectionBoundary({
  render,
  loading,
}: {
  render: (attempt: number) => ReactNode;
  /** What shows while the chunk loads; the spinner by default. */
  loading?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Boundary
      fallback={(retry, error) => (
        <section className="section-error" role="alert">
          <h2>
            {error instanceof ChunkLoadError ? t('errors.chunkTimeout') : t('errors.unknown')}
          </h2>
          <div className="section-error-actions">
            <Button variant="primary" onClick={retry}>
              {t('common.retry')}
            </Button>
            <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
          </div>
        </section>
      )}
    >
      {(attempt) => (
        <Suspense
          key={attempt}
          fallback={
            loading ?? (
              <div className="section-loading" role="status" aria-live="polite">
                <span className="spinner" aria-hidden="true" />
                {t('common.loading')}
              </div>
            )
          }
        >
          {render(attempt)}
        </Suspense>
      )}
    </Boundary>
  );
}
