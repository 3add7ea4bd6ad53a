import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FEEDBACK_FILTERS,
  type FeedbackFilter,
  type OpsFeedbackDetail,
  type OpsFeedbackRow,
} from '../../shared/backOfficeQueues';
import { FEEDBACK_ANSWER_MAX } from '../../shared/feedback';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { DataTable, type DataColumn } from '../components/DataTable';
import { EmptyState } from '../components/EmptyState';
import { Select } from '../components/Field';
import { QueryFallback } from '../components/QueryFallback';
import { useToast } from '../components/Toast';
import { useErrorText } from '../components/forms/useErrorText';
import { errorCodeOf } from '../core/apiErrors';
import { useLiveQueryOn } from '../hooks/useLiveQuery';
import { shownValue, useQuery } from '../hooks/useQuery';
import type { PanelProps } from './panelProps';
import './queues.css';

type Office = PanelProps['office'];

/** The first words of a feedback, for its row in the queue. */
const subjectOf = (text: string) => (text.length > 60 ? `${text.slice(0, 59)}…` : text);

/**
 * Members' feedback (issue 30; support): the queue, open ones first (or answered, or all);
 * a feedback opens with its text, remark and images, and an open one is answered once — the
 * answer reaches the member's inbox and the feedback leaves the open queue.
 */
export function FeedbackPanel({ office }: PanelProps) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<FeedbackFilter>('open');
  const [reading, setReading] = useState<string | null>(null);
  // Live: a member's new feedback or another agent's answer shows at once.
  const queue = useLiveQueryOn(
    office.live,
    `back-office-feedback:${status}`,
    (signal) => office.queues.feedback(status, signal),
    ['opsFeedback'],
  );
  const rows = shownValue(queue.state);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });

  if (reading) {
    return (
      <FeedbackReader
        office={office}
        id={reading}
        onClose={(answered) => {
          setReading(null);
          if (answered) queue.refresh();
        }}
      />
    );
  }

  const typeOf = (row: OpsFeedbackRow) => t(`feedback.category_${row.category}`);
  const columns: DataColumn<OpsFeedbackRow>[] = [
    {
      id: 'id',
      label: t('backOffice.feedbackPage.id'),
      cell: (row) => `#${row.id}`,
      sortValue: (row) => Number(row.id),
      csv: (row) => row.id,
    },
    {
      id: 'account',
      label: t('backOffice.feedbackPage.member'),
      cell: (row) => row.account,
      sortValue: (row) => row.account,
      csv: (row) => row.account,
    },
    {
      id: 'type',
      label: t('backOffice.feedbackPage.type'),
      cell: (row) => (
        <span className="queue-subject">
          <strong>{typeOf(row)}</strong> <span>{subjectOf(row.text)}</span>
        </span>
      ),
      sortValue: typeOf,
      csv: (row) => `${row.category}: ${row.text}`,
    },
    {
      id: 'status',
      label: t('backOffice.feedbackPage.status'),
      cell: (row) => (
        <Badge tone={row.status === 'open' ? 'accent' : 'success'}>
          {t(`backOffice.feedbackPage.statuses.${row.status}`)}
        </Badge>
      ),
      sortValue: (row) => row.status,
      csv: (row) => row.status,
    },
    {
      id: 'createdAt',
      label: t('backOffice.feedbackPage.date'),
      cell: (row) => when.format(new Date(row.createdAt)),
      sortValue: (row) => row.createdAt,
      csv: (row) => row.createdAt,
    },
    {
      id: 'actions',
      label: t('backOffice.feedbackPage.actions'),
      cell: (row) => (
        <Button
          size="sm"
          variant={row.status === 'open' ? 'primary' : 'secondary'}
          aria-label={t('backOffice.feedbackPage.readOne', { id: row.id })}
          onClick={() => setReading(row.id)}
        >
          {t('backOffice.feedbackPage.read')}
        </Button>
      ),
    },
  ];

  const picker = (
    <Select
      label={t('backOffice.feedbackPage.show')}
      name="feedback-status"
      value={status}
      onChange={(event) => setStatus(event.target.value as FeedbackFilter)}
      options={FEEDBACK_FILTERS.map((value) => ({
        value,
        label: t(`backOffice.feedbackPage.filters.${value}`),
      }))}
    />
  );

  return (
    <div className="queues-panel" data-testid="feedback-panel">
      {!rows ? (
        <>
          <div className="queues-tools">{picker}</div>
          <QueryFallback state={queue.state} onRetry={queue.refresh} lines={4} />
        </>
      ) : rows.length === 0 ? (
        <>
          <div className="queues-tools">{picker}</div>
          <EmptyState title={t('backOffice.feedbackPage.empty')} icon="message">
            <p>{t('backOffice.feedbackPage.emptyBody')}</p>
          </EmptyState>
        </>
      ) : (
        <DataTable
          items={rows}
          columns={columns}
          rowKey={(row) => row.id}
          testId="feedback-queue"
          caption={t('backOffice.tab.feedback')}
          filterText={(row) => `${row.id} ${row.account} ${typeOf(row)} ${row.text}`}
          exportName="feedback"
          toolbar={picker}
        />
      )}
    </div>
  );
}

/** One feedback, read in full; an open one has the answer box. */
function FeedbackReader({
  office,
  id,
  onClose,
}: {
  office: Office;
  id: string;
  onClose: (answered: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const query = useQuery(`back-office-feedback-one:${id}`, (signal) =>
    office.queues.feedbackOne(id, signal),
  );
  const feedback = shownValue(query.state);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const back = (
    <p>
      <Button variant="ghost" onClick={() => onClose(false)}>
        {t('backOffice.feedbackPage.back')}
      </Button>
    </p>
  );
  if (!feedback) {
    return (
      <div className="queues-panel" data-testid="feedback-panel">
        {back}
        <QueryFallback state={query.state} onRetry={query.refresh} lines={5} />
      </div>
    );
  }
  return (
    <div className="queues-panel" data-testid="feedback-panel">
      {back}
      <Card
        title={t('backOffice.feedbackPage.title', { id: feedback.id })}
        data-testid="feedback-reader"
        data-id={feedback.id}
      >
        <dl className="queue-facts">
          <dt>{t('backOffice.feedbackPage.member')}</dt>
          <dd>{feedback.account}</dd>
          <dt>{t('backOffice.feedbackPage.type')}</dt>
          <dd>{t(`feedback.category_${feedback.category}`)}</dd>
          <dt>{t('backOffice.feedbackPage.date')}</dt>
          <dd>{when.format(new Date(feedback.createdAt))}</dd>
          <dt>{t('backOffice.feedbackPage.status')}</dt>
          <dd>
            <Badge tone={feedback.status === 'open' ? 'accent' : 'success'}>
              {t(`backOffice.feedbackPage.statuses.${feedback.status}`)}
            </Badge>
          </dd>
        </dl>
        <p className="queue-text" data-testid="feedback-text">
          {feedback.text}
        </p>
        {feedback.remark && (
          <p className="queue-text">
            <strong>{t('backOffice.feedbackPage.remark')}:</strong> {feedback.remark}
          </p>
        )}
        {feedback.images.length > 0 && (
          <section aria-label={t('backOffice.feedbackPage.images')}>
            <h3 className="queue-heading">
              {t('backOffice.feedbackPage.imageCount', { count: feedback.images.length })}
            </h3>
            <ul className="queue-images" data-testid="feedback-images">
              {feedback.images.map((image) => (
                <li key={image.position}>
                  <FeedbackImage office={office} feedback={feedback} position={image.position} />
                </li>
              ))}
            </ul>
          </section>
        )}
        {feedback.status === 'answered' && (
          <section className="queue-answer" data-testid="feedback-answer">
            <h3 className="queue-heading">
              {t('backOffice.feedbackPage.answeredAt', {
                date: feedback.answeredAt ? when.format(new Date(feedback.answeredAt)) : '',
              })}
            </h3>
            <p className="queue-text">{feedback.answer}</p>
          </section>
        )}
      </Card>
      {feedback.status === 'open' && (
        <AnswerForm office={office} id={feedback.id} onAnswered={() => onClose(true)} />
      )}
    </div>
  );
}

/** An image of the feedback, loaded with the staff token (never a public address). */
function FeedbackImage({
  office,
  feedback,
  position,
}: {
  office: Office;
  feedback: OpsFeedbackDetail;
  position: number;
}) {
  const { t } = useTranslation();
  const image = feedback.images.find((one) => one.position === position)!;
  const query = useQuery(`back-office-feedback-image:${feedback.id}:${position}`, (signal) =>
    office.queues.feedbackImage(feedback.id, position, signal),
  );
  const blob = query.state.kind === 'ready' ? query.state.value : null;
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (query.state.kind === 'failed') {
    return (
      <span className="queue-image-failed" role="alert">
        {t('backOffice.feedbackPage.imageFailed')}{' '}
        <Button size="sm" variant="ghost" onClick={query.refresh}>
          {t('backOffice.feedbackPage.retry')}
        </Button>
      </span>
    );
  }
  return (
    <a
      className="queue-image"
      href={url ?? undefined}
      target="_blank"
      rel="noreferrer"
      aria-busy={url ? undefined : true}
      style={{ aspectRatio: `${image.width} / ${image.height}` }}
    >
      {url && (
        <img
          src={url}
          alt={t('backOffice.feedbackPage.imageAlt', { number: position + 1, id: feedback.id })}
          width={image.width}
          height={image.height}
          data-testid="feedback-image"
        />
      )}
    </a>
  );
}

function AnswerForm({
  office,
  id,
  onAnswered,
}: {
  office: Office;
  id: string;
  onAnswered: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const field = useId();
  const [answer, setAnswer] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!answer.trim()) {
      setProblem(t('backOffice.feedbackPage.answerRequired'));
      return;
    }
    setBusy(true);
    setProblem(null);
    office.queues.answerFeedback(id, answer).then(
      () => {
        setBusy(false);
        toast(t('backOffice.feedbackPage.sent', { id }), { tone: 'success' });
        onAnswered();
      },
      (failure: unknown) => {
        setBusy(false);
        const code = errorCodeOf(failure);
        setProblem(
          code === 'feedback_answered'
            ? t('backOffice.feedbackPage.alreadyAnswered')
            : (errorText(code) ?? t('errors.unknown')),
        );
      },
    );
  };

  return (
    <form
      className="queue-answer-form"
      onSubmit={send}
      noValidate
      data-testid="feedback-answer-form"
    >
      <Card title={t('backOffice.feedbackPage.answerTitle')} headingLevel={3}>
        <div className="form-field">
          <label htmlFor={field}>{t('backOffice.feedbackPage.answer')}</label>
          <textarea
            id={field}
            name="answer"
            rows={5}
            maxLength={FEEDBACK_ANSWER_MAX}
            value={answer}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${field}-hint${problem ? ` ${field}-error` : ''}`}
            onChange={(event) => setAnswer(event.target.value)}
          />
          <p id={`${field}-hint`} className="field-hint">
            {t('backOffice.feedbackPage.answerHint', { max: FEEDBACK_ANSWER_MAX })}
          </p>
          {problem && (
            <p id={`${field}-error`} className="field-error" role="alert">
              {problem}
            </p>
          )}
        </div>
        <Button type="submit" variant="primary" busy={busy} disabled={busy}>
          {t('backOffice.feedbackPage.send')}
        </Button>
      </Card>
    </form>
  );
}
