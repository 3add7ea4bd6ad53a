import { useTranslation } from 'react-i18next';
import { Button } from './Button';

/**
 * What a page or popup shows when its data could not be loaded: why (the network, unless told
 * otherwise) and a Retry button.
 */
export function LoadFailed({
  onRetry,
  message,
  testId,
}: {
  onRetry: () => void;
  message?: string | null;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div role="alert" data-testid={testId}>
      <p>{message ?? t('errors.network')}</p>
      <Button variant="primary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
