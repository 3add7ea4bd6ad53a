import {
  type FormEvent,
  type KeyboardEvent,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  CHAT_TEXT_MAX,
  type ChatMessage,
  type ChatSide,
  type ChatTypingEvent,
  checkChatText,
} from '../../shared/chat';
import { checkImageList, IMAGE_SNIFF_BYTES } from '../../shared/feedback';
import { countCharacters } from '../../shared/plainText';
import type { ChatRoomState } from '../../streams/chatRoom';
import { Button } from '../components/Button';
import { useErrorText } from '../components/forms/useErrorText';
import { errorCodeOf } from '../core/apiErrors';
import { useQuery } from '../hooks/useQuery';
import { newClientId } from '../../app/features/chatClient';

/** A message on its way: shown under the others until the server's copy arrives. */
interface Pending {
  clientId: string;
  text: string | null;
  file: File | null;
  status: 'sending' | 'failed';
  error: string | null;
}

export interface ConversationProps {
  state: ChatRoomState;
  /** Whose page this is: the player's or a support console's. */
  me: ChatSide;
  /** The other side typing now (staff's display name in it). */
  typing: ChatTypingEvent | null;
  /** How the other side is named on its messages (the console: the player's label). */
  otherName: string;
  send(text: string, clientId: string): Promise<unknown>;
  /** Pictures (members only, on the player's page). */
  sendImage?: (file: File, clientId: string) => Promise<unknown>;
  loadImage(id: string, signal: AbortSignal): Promise<Blob>;
  onTyping(on: boolean): void;
  onRead(seq: number): void;
  /** Where the unsent text is kept (a reload keeps it). */
  draftKey: string;
  /** Read-only (the chat was closed). */
  closed: boolean;
  /** Shown in place of the composer when closed. */
  closedNote?: React.ReactNode;
  testId: string;
}

const TYPING_REPEAT_MS = 2_000;
const TYPING_IDLE_MS = 3_000;
/** From this share of the limit, the count shows under the box. */
const COUNT_FROM = 0.8;

function readDraft(key: string): string {
  try {
    return sessionStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function keepDraft(key: string, text: string): void {
  try {
    if (text) sessionStorage.setItem(key, text);
    else sessionStorage.removeItem(key);
  } catch {
    // No storage: the draft lives as long as the page.
  }
}

/** The picture of a message, loaded with the page's credentials (never a public address). */
function ChatPicture({
  message,
  alt,
  load,
}: {
  message: ChatMessage;
  alt: string;
  load: (id: string, signal: AbortSignal) => Promise<Blob>;
}) {
  const { t } = useTranslation();
  const id = message.image!.id;
  const query = useQuery(`chat-image:${message.room}:${id}`, (signal) => load(id, signal));
  const blob = query.state.kind === 'ready' ? query.state.value : null;
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const { width, height } = message.image!;
  if (query.state.kind === 'failed') {
    return (
      <span className="chat-picture-failed" role="alert">
        {t('chat.pictureFailed')}{' '}
        <Button size="sm" variant="ghost" onClick={query.refresh}>
          {t('chat.retry')}
        </Button>
      </span>
    );
  }
  return (
    <a
      className="chat-picture"
      href={url ?? undefined}
      target="_blank"
      rel="noreferrer"
      aria-busy={url ? undefined : true}
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      {url && <img src={url} alt={alt} width={width} height={height} />}
    </a>
  );
}

/**
 * One chat's messages and its composer, for both pages (the player's room and a console's
 * pane): the log (oldest first, kept at the newest unless the reader scrolled up), the other
 * side's typing, read receipts of one's own messages, messages on their way (a failed one can
 * be sent again with the same id: stored once), and the box (Enter sends, Shift+Enter breaks
 * the line; the draft survives a reload).
 */
export function Conversation(props: ConversationProps) {
  const { state, me, typing, otherName, closed } = props;
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const id = useId();
  const [text, setText] = useState(() => readDraft(props.draftKey));
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const log = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const typingSent = useRef<{ at: number; timer: number | null }>({ at: 0, timer: null });
  const { onTyping, onRead } = props;

  const otherSide = (message: ChatMessage) =>
    me === 'staff' ? message.author !== 'staff' : message.author === 'staff';
  const mine = (message: ChatMessage) => !otherSide(message);
  const theirReadSeq = me === 'staff' ? state.room.playerReadSeq : state.room.staffReadSeq;
  const myReadSeq = me === 'staff' ? state.room.staffReadSeq : state.room.playerReadSeq;
  const lastMine = [...state.messages].reverse().find(mine);

  // What arrived from the server is no longer pending.
  const stored = useMemo(
    () => new Set(state.messages.map((message) => message.clientId).filter(Boolean)),
    [state.messages],
  );
  const waiting = pending.filter((item) => !stored.has(item.clientId));

  // Kept at the newest message while the reader is there.
  useEffect(() => {
    const element = log.current;
    if (element && stick.current) element.scrollTop = element.scrollHeight;
  }, [state.messages.length, waiting.length, typing]);

  // Read receipts: what the other side wrote is read once it is on a visible page.
  const lastTheirs = [...state.messages].reverse().find(otherSide)?.seq ?? 0;
  useEffect(() => {
    const mark = () => {
      if (document.visibilityState === 'visible' && lastTheirs > myReadSeq) onRead(lastTheirs);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [lastTheirs, myReadSeq, onRead]);

  // Typing stops when the page goes.
  useEffect(() => {
    const sent = typingSent.current;
    return () => {
      if (sent.timer !== null) window.clearTimeout(sent.timer);
      if (sent.at > 0) onTyping(false);
    };
  }, [onTyping]);

  const stopTyping = () => {
    const sent = typingSent.current;
    if (sent.timer !== null) window.clearTimeout(sent.timer);
    sent.timer = null;
    if (sent.at > 0) onTyping(false);
    sent.at = 0;
  };
  const typed = () => {
    const sent = typingSent.current;
    const now = Date.now();
    if (now - sent.at > TYPING_REPEAT_MS) {
      onTyping(true);
      sent.at = now;
    }
    if (sent.timer !== null) window.clearTimeout(sent.timer);
    sent.timer = window.setTimeout(stopTyping, TYPING_IDLE_MS);
  };

  const deliver = (item: Pending) => {
    setPending((list) => [
      ...list.filter((other) => other.clientId !== item.clientId),
      { ...item, status: 'sending', error: null },
    ]);
    const sending = item.file
      ? props.sendImage!(item.file, item.clientId)
      : props.send(item.text ?? '', item.clientId);
    sending.then(
      () => setPending((list) => list.filter((other) => other.clientId !== item.clientId)),
      (error: unknown) =>
        setPending((list) =>
          list.map((other) =>
            other.clientId === item.clientId
              ? { ...other, status: 'failed', error: errorText(errorCodeOf(error)) }
              : other,
          ),
        ),
    );
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const code = checkChatText(text);
    if (code === 'chat_text_required') return;
    if (code) {
      setProblem(errorText(code));
      return;
    }
    stick.current = true;
    stopTyping();
    deliver({ clientId: newClientId(), text, file: null, status: 'sending', error: null });
    setText('');
    keepDraft(props.draftKey, '');
    setProblem(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const pickPicture = async (file: File) => {
    const head = new Uint8Array(await file.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer());
    const [found] = checkImageList([{ size: file.size, head }]);
    if (found) {
      setProblem(
        errorText(
          found.code === 'feedback_image_too_large' ? 'chat_image_too_large' : 'chat_image_type',
        ),
      );
      return;
    }
    setProblem(null);
    stick.current = true;
    deliver({ clientId: newClientId(), text: null, file, status: 'sending', error: null });
  };

  const count = countCharacters(text);
  const tooLong = count > CHAT_TEXT_MAX;
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const nameOf = (message: ChatMessage) =>
    mine(message)
      ? t('chat.you')
      : message.author === 'staff'
        ? (message.authorName ?? t('chat.support'))
        : otherName;

  return (
    <div className="chat-conversation" data-testid={props.testId}>
      <div
        ref={log}
        className="chat-log"
        role="log"
        aria-live="polite"
        aria-label={t('chat.log')}
        tabIndex={0}
        onScroll={(event) => {
          const element = event.currentTarget;
          stick.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
        }}
      >
        <ol className="chat-messages">
          {state.messages.length === 0 && waiting.length === 0 && (
            <li className="chat-empty">
              {me === 'player' ? t('chat.empty') : t('support.noMessages')}
            </li>
          )}
          {state.messages.map((message) => (
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
                  load={props.loadImage}
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
                  <Button size="sm" variant="ghost" onClick={() => deliver(item)}>
                    {t('chat.retry')}
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ol>
      </div>
      <p className="chat-typing" aria-live="polite" data-testid="chat-typing">
        {typing?.typing
          ? typing.side === 'staff'
            ? t('chat.typing', { name: typing.name ?? t('chat.support') })
            : t('chat.typing', { name: otherName })
          : ''}
      </p>
      {closed ? (
        <div className="chat-closed" role="status">
          {props.closedNote}
        </div>
      ) : (
        <form className="chat-composer" onSubmit={submit} noValidate>
          <label htmlFor={`${id}-text`} className="visually-hidden">
            {t('chat.message')}
          </label>
          <textarea
            id={`${id}-text`}
            name="message"
            rows={1}
            value={text}
            placeholder={t('chat.placeholder')}
            enterKeyHint="send"
            aria-invalid={problem || tooLong ? true : undefined}
            aria-describedby={`${id}-count ${id}-problem`}
            onKeyDown={onKeyDown}
            onBlur={stopTyping}
            onChange={(event) => {
              setText(event.target.value);
              keepDraft(props.draftKey, event.target.value);
              setProblem(null);
              if (event.target.value) typed();
              else stopTyping();
            }}
          />
          {props.sendImage && (
            <>
              <input
                id={`${id}-picture`}
                className="visually-hidden"
                type="file"
                accept="image/png,image/jpeg"
                onChange={(event) => {
                  const [file] = event.target.files ?? [];
                  event.target.value = '';
                  if (file) void pickPicture(file);
                }}
              />
              <label
                htmlFor={`${id}-picture`}
                className="button secondary chat-attach"
                title={t('chat.pictureHint')}
              >
                {t('chat.addPicture')}
              </label>
            </>
          )}
          <Button type="submit" variant="primary" className="chat-send">
            {t('chat.send')}
          </Button>
          <p id={`${id}-count`} className="chat-count field-hint">
            {count >= CHAT_TEXT_MAX * COUNT_FROM
              ? t('chat.characters', { count, max: CHAT_TEXT_MAX })
              : ''}
          </p>
          <p id={`${id}-problem`} className="field-error chat-problem" role="alert">
            {problem ?? (tooLong ? errorText('chat_text_too_long') : '')}
          </p>
        </form>
      )}
    </div>
  );
}
