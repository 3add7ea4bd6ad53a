import { useTranslation } from 'react-i18next';
import type { QueryState } from '../hooks/useQuery';
import { useErrorText } from './forms/useErrorText';
import { LoadFailed } from './LoadFailed';
import { SkeletonText } from './Skeleton';

/**
 * What a view shows while its query has nothing to show yet: skeleton lines while it loads,
 * the failure with Retry when it failed.
 */
export function QueryFallback({
  state,
  onRetry,
  lines = 3,
}: {
  state: QueryState<unknown>;
  onRetry: () => void;
  lines?: number;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return state.kind === 'failed' ? (
    <LoadFailed onRetry={onRetry} message={errorText(state.code)} />
  ) : (
    <div role="status" aria-label={t('common.loading')}>
      <SkeletonText lines={lines} />
    </div>
  );
}
