import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorCodeOf } from '../../core/apiErrors';
import { MESSAGE_PAGE_SIZE, type MessagePage, type MessageView } from '../../../shared/messages';
import { useKeyedQuery } from '../../hooks/useQuery';
import { useServices } from '../../core/ServicesContext';
import { useErrorText } from '../../components/forms/useErrorText';
import { useDialog } from '../../components/DialogProvider';
import { EmptyState } from '../../components/EmptyState';
import { RecordsPager } from '../../components/records/RecordsTable';
import { awaitsAnswer, messageText } from './messageText';
import { LoadFailed } from '../../components/LoadFailed';
import { Button } from '../../components/Button';
import { messagesFeature } from '../../../app/features/messages';
import { useFeature } from '../../core/useFeature';

/** What the failure of a call says: its envelope code, else "network". */
const codeOf = (error: unknown) => errorCodeOf(error);

/**
 * The member's inbox (player messageV2, the agent's messages page): newest first, paged. Opening
 * a message marks it read; "mark all as read" and delete (after a confirmation) act on the
 * server, and every tab of the member follows through the `message` event, which also brings
 * new messages into the open page. A contract notice that waits for the reader's answer (an
 * offer, a termination request) links to where it is answered: `contractsPath`.
 */
export function Inbox({
  testId,
  contractsPath = '/member/contracts',
}: {
  testId: string;
  /** Where the reader answers its contracts: the member centre's page, or the back office's. */
  contractsPath?: string;
}) {
  const { t, i18n } = useTranslation();
  const { realtime } = useServices();
  const messagesModule = useFeature(messagesFeature);
  const dialog = useDialog();
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(MESSAGE_PAGE_SIZE);
  const [reload, setReload] = useState(0);
  // Failures of the actions (read, delete); the list's own come with the query.
  const [failure, setFailure] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const query = useKeyedQuery<MessagePage>(`${page}:${pageSize}:${reload}`, (signal) =>
    messagesModule.inbox({ page, pageSize }, signal),
  );
  const data =
    query.kind === 'ready' ? query.value : query.kind === 'loading' ? query.previous : null;

  useEffect(() => {
    const subscription = realtime.event$('message').subscribe(() => setReload((n) => n + 1));
    return () => subscription.unsubscribe();
  }, [realtime]);

  const act = async (call: () => Promise<unknown>) => {
    try {
      await call();
      setFailure(null);
      setReload((n) => n + 1);
    } catch (error) {
      setFailure(codeOf(error));
    }
  };

  const toggle = (message: MessageView) => {
    setOpen(open === message.id ? null : message.id);
    if (!message.read) void act(() => messagesModule.markRead({ ids: [message.id] }));
  };

  const remove = async (message: MessageView) => {
    const answer = await dialog({
      icon: 'warning',
      title: t('messages.deleteConfirm'),
      buttons: [
        { key: 'cancel', label: t('common.cancel') },
        { key: 'delete', label: t('messages.delete'), primary: true },
      ],
    });
    if (answer !== 'delete') return;
    // The last message of a page: show the page before it.
    if (data?.items.length === 1 && page > 1) setPage(page - 1);
    await act(() => messagesModule.remove({ ids: [message.id] }));
  };

  if (!data) {
    return query.kind === 'failed' ? (
      <LoadFailed
        onRetry={() => setReload((n) => n + 1)}
        message={errorText(query.code)}
        testId={`${testId}-error`}
      />
    ) : (
      <p role="status" className="records-loading">
        <span className="spinner" aria-hidden="true" /> {t('common.loading')}
      </p>
    );
  }

  const totalPages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <section className="inbox" data-testid={testId}>
      <div className="inbox-toolbar">
        <span data-testid={`${testId}-unread`}>{t('messages.unread', { count: data.unread })}</span>
        <Button
          disabled={data.unread === 0}
          onClick={() => void act(() => messagesModule.markRead({ all: true }))}
        >
          {t('messages.markAllRead')}
        </Button>
      </div>
      {failure && (
        <p role="alert" className="form-error">
          {errorText(failure)}
        </p>
      )}
      {data.items.length === 0 ? (
        <EmptyState title={t('messages.empty')} />
      ) : (
        <ul className="inbox-list">
          {data.items.map((message) => {
            const { title, text, from } = messageText(t, message, i18n.language);
            const expanded = open === message.id;
            return (
              <li
                key={message.id}
                className={message.read ? 'inbox-item' : 'inbox-item unread'}
                data-testid={`${testId}-item`}
              >
                <button
                  type="button"
                  className="inbox-summary"
                  aria-expanded={expanded}
                  aria-controls={`message-${message.id}`}
                  onClick={() => toggle(message)}
                >
                  {!message.read && <span className="red-dot" aria-label={t('messages.new')} />}
                  <strong>{title}</strong>
                  <span className="inbox-meta">
                    {from} ·{' '}
                    <time dateTime={message.createdAt}>
                      {new Date(message.createdAt).toLocaleString(i18n.language)}
                    </time>
                  </span>
                </button>
                {expanded && (
                  <div id={`message-${message.id}`} className="inbox-body">
                    <p className="inbox-text">{text}</p>
                    <div className="button-row">
                      {awaitsAnswer(message) && (
                        <Link
                          className="button primary"
                          to={contractsPath}
                          data-testid={`${testId}-open-contracts`}
                        >
                          {t('messages.openContracts')}
                        </Link>
                      )}
                      <Button onClick={() => void remove(message)}>{t('messages.delete')}</Button>
                    </div>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {data.total > data.pageSize && (
        <RecordsPager
          page={data.page}
          totalPages={totalPages}
          total={data.total}
          pageSize={pageSize}
          onPage={setPage}
          onPageSize={setPageSize}
          testId={testId}
        />
      )}
    </section>
  );
}
