import { useTranslation } from 'react-i18next';
import type { CannedReply } from '../../shared/cannedReplies';

/**
 * The canned replies over a console's reply box: one button each (a tap, or Tab and Enter),
 * putting the reply into the box to edit before sending.
 */
export function CannedReplies({
  replies,
  onPick,
}: {
  replies: readonly CannedReply[];
  onPick: (reply: CannedReply) => void;
}) {
  const { t } = useTranslation();
  if (replies.length === 0) return null;
  return (
    <div className="canned-replies" role="group" aria-label={t('support.canned.title')}>
      {replies.map((reply) => (
        <button
          key={reply.id}
          type="button"
          className="canned-reply"
          title={reply.text}
          data-testid={`canned-${reply.id}`}
          onClick={() => onPick(reply)}
        >
          {reply.label}
        </button>
      ))}
    </div>
  );
}
