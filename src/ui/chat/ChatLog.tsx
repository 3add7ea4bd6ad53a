import type { RefObject, UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage, ChatSide } from '../../shared/chat';
import { Button } from '../components/Button';
import { ChatPicture } from './ChatPicture';

/** A message on its way: shown under the others until the server's copy arrives. */
export interface Pending {
  clientId: string;
  text: string | null;
  file: File | null;
  status: 'sending' | 'failed';
  error: string | null;
}

/**
 * A chat's log: its messages, oldest first (who wrote each and when, a text or a picture, the
 * read receipt under one's own last message), then one's messages on their way (a failed one
 * offers to send it again).
 */
export function ChatLog({
  logRef,
  onScroll,
  messages,
  waiting,
  me,
  mine,
  otherName,
  theirReadSeq,
  loadImage,
  onRetry,
}: {
  logRef: RefObject<HTMLDivElement | null>;
  onScroll: (event: UIEvent<HTMLDivElement>) => void;
  messages: readonly ChatMessage[];
  waiting: readonly Pending[];
  me: ChatSide;
  mine: (message: ChatMessage) => boolean;
  otherName: string;
  theirReadSeq: number;
  loadImage: (id: string, signal: AbortSignal) => Promise<Blob>;
  onRetry: (item: Pending) => void;
}) {
  const { t, i18n } = useTranslation();
  const lastMine = [...messages].reverse().find(mine);
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const nameOf = (message: ChatMessage) =>
    mine(message)
      ? t('chat.you')
      : message.author === 'staff'
        ? (message.authorName ?? t('chat.support'))
        : otherName;

  return (
    <div
      ref={logRef}
      className="chat-log"
      role="log"
      aria-live="polite"
      aria-label={t('chat.log')}
      tabIndex={0}
      onScroll={onScroll}
    >
      <ol className="chat-messages">
        {messages.length === 0 && waiting.length === 0 && (
          <li className="chat-empty">
            {me === 'player' ? t('chat.empty') : t('support.noMessages')}
          </li>
        )}
        {messages.map((message) => (
          <li
            key={message.seq}
            className={`chat-message ${mine(message) ? 'mine' : 'theirs'}`}
            data-testid="chat-message"
            data-seq={message.seq}
          >
            <span className="chat-meta">
              <span className="chat-author">{nameOf(message)}</span>
              <time dateTime={message.createdAt}>{time.format(new Date(message.createdAt))}</time>
            </span>
            {message.kind === 'image' ? (
              <ChatPicture
                message={message}
                alt={t('chat.pictureFrom', { name: nameOf(message) })}
                load={loadImage}
              />
            ) : (
              // Plain text, never HTML: React escapes it.
              <p className="chat-text">{message.text}</p>
            )}
            {message === lastMine && (
              <span className="chat-receipt" data-testid="chat-receipt">
                {theirReadSeq >= message.seq ? t('chat.read') : t('chat.delivered')}
              </span>
            )}
          </li>
        ))}
        {waiting.map((item) => (
          <li
            key={item.clientId}
            className={`chat-message mine pending ${item.status}`}
            data-testid="chat-pending"
          >
            {item.file ? (
              <p className="chat-text">{t('chat.pictureNamed', { name: item.file.name })}</p>
            ) : (
              <p className="chat-text">{item.text}</p>
            )}
            {item.status === 'sending' ? (
              <span className="chat-receipt">{t('chat.sending')}</span>
            ) : (
              <span className="chat-failed" role="alert">
                {item.error ?? t('chat.notSent')}{' '}
                <Button size="sm" variant="ghost" onClick={() => onRetry(item)}>
                  {t('chat.retry')}
                </Button>
              </span>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
