import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';

/**
 * The live connection's code failed to load (decisions.md, issue 15, "A failed live
 * connection"): the page still works, only pushes do not arrive. A notice over the face, not a
 * failure screen, so nothing on the page (a form half filled in) goes away; "Try again" asks for
 * the code again in this document, "Reload page" loads a new one (the cure where the browser
 * keeps the failure, or a deploy removed the file). Nothing reloads by itself.
 */
export function LiveFailedNotice({
  onRetry,
  onReload,
}: {
  onRetry: () => void;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section
      className="live-failed"
      role="alert"
      aria-labelledby="live-failed-text"
      data-testid="live-failed"
    >
      <p id="live-failed-text">{t('shell.liveFailed')}</p>
      <div className="live-failed-actions">
        <Button variant="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
        <Button onClick={onReload}>{t('common.reload')}</Button>
      </div>
    </section>
  );
}
