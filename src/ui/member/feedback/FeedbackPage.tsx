import { useTranslation } from 'react-i18next';
import type { FeedbackView } from '../../../shared/feedback';
import { Badge } from '../../components/Badge';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { QueryFallback } from '../../components/QueryFallback';
import { useLiveQuery } from '../../hooks/useLiveQuery';
import { shownValue } from '../../hooks/useQuery';
import { FeedbackForm } from './FeedbackForm';
import { messagesFeature } from '../../../app/features/messages';
import { useFeature } from '../../core/useFeature';

function FeedbackItem({ item }: { item: FeedbackView }) {
  const { t, i18n } = useTranslation();
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const answered = item.status === 'answered';
  return (
    <li className="feedback-item" data-testid="feedback-item">
      <div className="feedback-item-head">
        <strong>{t(`feedback.category_${item.category}`)}</strong>
        <Badge tone={answered ? 'success' : 'neutral'}>
          {answered ? t('feedback.status_answered') : t('feedback.status_open')}
        </Badge>
        <span className="inbox-meta">
          <time dateTime={item.createdAt}>{when(item.createdAt)}</time>
          {item.imageCount > 0 && ` · ${t('feedback.imageCount', { count: item.imageCount })}`}
        </span>
      </div>
      <p className="inbox-text">{item.text}</p>
      {item.remark && (
        <p className="inbox-text feedback-remark">
          {t('feedback.remark')}: {item.remark}
        </p>
      )}
      {answered && item.answer && (
        <div className="feedback-answer">
          <p className="inbox-meta">
            {t('feedback.answer')}
            {item.answeredAt && (
              <>
                {' · '}
                <time dateTime={item.answeredAt}>{when(item.answeredAt)}</time>
              </>
            )}
          </p>
          <p className="inbox-text">{item.answer}</p>
        </div>
      )}
    </li>
  );
}

/**
 * Feedback (member centre, issue 16): the form, and the member's past feedback with its status;
 * an answer from the operator also arrives as a message, and the list follows it live.
 */
export function FeedbackPage() {
  const { t } = useTranslation();
  const messagesModule = useFeature(messagesFeature);
  // An operator's answer comes as a message (the `message` event): the list follows it.
  const query = useLiveQuery('feedback-mine', (signal) => messagesModule.myFeedback(signal), [
    'message',
  ]);
  const view = shownValue(query.state);
  return (
    <div className="feedback-page" data-testid="feedback-page">
      <Card>
        <FeedbackForm onSent={query.refresh} />
      </Card>
      <section className="feedback-history" aria-labelledby="feedback-history-title">
        <h2 id="feedback-history-title">{t('feedback.history')}</h2>
        {!view ? (
          <QueryFallback state={query.state} onRetry={query.refresh} lines={3} />
        ) : view.items.length === 0 ? (
          <EmptyState title={t('feedback.empty')} />
        ) : (
          <ul className="feedback-list" data-testid="feedback-list">
            {view.items.map((item) => (
              <FeedbackItem key={item.id} item={item} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
