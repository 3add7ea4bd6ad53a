import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../shared/chat';
import { Button } from '../components/Button';
import { useQuery } from '../hooks/useQuery';

/** The picture of a message, loaded with the page's credentials (never a public address). */
export function ChatPicture({
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
