import {
  checkFeedbackFields,
  FEEDBACK_PER_HOUR,
  type FeedbackCategory,
  type FeedbackProblem,
  type FeedbackView,
  normalizeFeedbackText,
} from '../../../src/shared/feedback';
import type { Queryable } from '../../db/types';
import { ApiError } from '../../platform/apiError';
import { feedbackAnswerNoticeWithin } from '../messages/notices';
import type { CleanImage } from '../uploads/cleanImage';
import { cleanImageUploads, type ImageProblem } from '../uploads/imageUploads';
import type { Platform } from '../../platform/platform';
import { commit } from '../../platform/unitOfWork';

/** What the edge hands over: the fields as sent, and each image's bytes decoded from base64. */
export interface FeedbackSubmission {
  category: unknown;
  text: string;
  remark: string;
  images: Uint8Array[];
}

const messages: Record<FeedbackProblem['code'], string> = {
  feedback_category_invalid: 'Choose a category from the list.',
  feedback_text_required: 'Feedback content is required.',
  feedback_text_too_long: 'Feedback content must be at most 140 characters.',
  feedback_text_invalid: 'Feedback content must not hold control characters.',
  feedback_remark_too_long: 'The remark must be at most 140 characters.',
  feedback_remark_invalid: 'The remark must not hold control characters.',
  feedback_too_many_images: 'At most 3 images.',
  feedback_image_too_large: 'Each image must be at most 5 MB.',
  feedback_image_type: 'Images must be png or jpg files.',
  feedback_image_corrupt: 'This image cannot be read.',
};

const statusOf = (code: FeedbackProblem['code']) =>
  code === 'feedback_image_too_large' ? 413 : code === 'feedback_image_type' ? 415 : 400;

/** The first problem, refused with its own code; `value` names the field (and the image). */
export function refuse(problem: FeedbackProblem): never {
  const position = problem.index === undefined ? '' : ` (image ${problem.index + 1})`;
  throw new ApiError(statusOf(problem.code), problem.code, messages[problem.code] + position, {
    field: problem.field,
    ...(problem.index === undefined ? {} : { index: problem.index }),
  });
}

/** An image's refusal (imageUploads.ts) in feedback's own codes. */
export function refuseImage(problem: ImageProblem): never {
  const code = (
    {
      too_many: 'feedback_too_many_images',
      too_large: 'feedback_image_too_large',
      type: 'feedback_image_type',
      corrupt: 'feedback_image_corrupt',
    } as const
  )[problem.kind];
  return refuse({
    code,
    field: 'images',
    ...(problem.index === undefined ? {} : { index: problem.index }),
  });
}

/** Every check, cheapest first; the images are decoded and stripped last. */
export function checkSubmission(submission: FeedbackSubmission): CleanImage[] {
  const [fieldProblem] = checkFeedbackFields(submission);
  if (fieldProblem) refuse(fieldProblem);
  return cleanImageUploads(submission.images, refuseImage);
}

/**
 * Reserves one of the member's feedbacks of this hour (fixed hourly windows) in one statement:
 * no row comes back when the window is full, and nothing changes then.
 */
async function reserveQuota(tx: Queryable, memberId: string): Promise<boolean> {
  const rows = await tx.query(
    `insert into feedback_quota as q (member_id, window_start, used)
     values ($1, date_trunc('hour', now()), 1)
     on conflict (member_id) do update set
       window_start = date_trunc('hour', now()),
       used = case when q.window_start < date_trunc('hour', now()) then 1 else q.used + 1 end
     where q.window_start < date_trunc('hour', now()) or q.used < $2
     returning used`,
    [memberId, FEEDBACK_PER_HOUR],
  );
  return rows.length > 0;
}

/** Stores a checked feedback and its cleaned images in one transaction. */
export async function submitFeedback(
  deps: Platform,
  memberId: string,
  submission: FeedbackSubmission,
): Promise<FeedbackView> {
  const images = checkSubmission(submission);
  const text = normalizeFeedbackText(submission.text);
  const remark = normalizeFeedbackText(submission.remark) || null;
  const id = await commit(deps, async (work) => {
    const { tx } = work;
    if (!(await reserveQuota(tx, memberId))) {
      throw new ApiError(
        429,
        'feedback_rate_limited',
        `At most ${FEEDBACK_PER_HOUR} feedbacks an hour. Please try again later.`,
      );
    }
    const [row] = await tx.query<{ id: string }>(
      `insert into feedback (member_id, category, text, remark) values ($1, $2, $3, $4)
       returning id::text`,
      [memberId, submission.category as FeedbackCategory, text, remark],
    );
    for (const [position, image] of images.entries()) {
      await tx.query(
        `insert into feedback_images (feedback_id, position, content_type, width, height, bytes)
         values ($1, $2, $3, $4, $5, $6)`,
        [row!.id, position, image.type, image.width, image.height, image.bytes],
      );
    }
    // The support queue fetches again once this has committed.
    work.changed('opsQueue', { queue: 'feedback' });
    return row!.id;
  });
  const [view] = await listFeedback(deps.db, { memberId, id });
  return view!;
}

interface FeedbackRow {
  id: string;
  account: string;
  category: FeedbackCategory;
  text: string;
  remark: string | null;
  image_count: number;
  status: 'open' | 'answered';
  answer: string | null;
  created_at: Date;
  answered_at: Date | null;
}

export type OperatorFeedbackView = FeedbackView & { account: string };

const toView = (row: FeedbackRow): OperatorFeedbackView => ({
  id: row.id,
  account: row.account,
  category: row.category,
  text: row.text,
  remark: row.remark,
  imageCount: row.image_count,
  status: row.status,
  answer: row.answer,
  createdAt: new Date(row.created_at).toISOString(),
  answeredAt: row.answered_at ? new Date(row.answered_at).toISOString() : null,
});

/** Feedbacks newest first: one member's, one by id, or the open ones (the operator's list). */
export async function listFeedback(
  db: Queryable,
  filter: { memberId?: string; id?: string; status?: 'open' | 'answered'; limit?: number },
): Promise<OperatorFeedbackView[]> {
  const rows = await db.query<FeedbackRow>(
    `select f.id::text, m.account, f.category, f.text, f.remark, f.status, f.answer,
       f.created_at, f.answered_at,
       (select count(*)::int from feedback_images i where i.feedback_id = f.id) as image_count
     from feedback f join members m on m.id = f.member_id
     where ($1::bigint is null or f.member_id = $1::bigint)
       and ($2::bigint is null or f.id = $2::bigint)
       and ($3::text is null or f.status = $3::text)
     order by f.id desc limit $4`,
    [filter.memberId ?? null, filter.id ?? null, filter.status ?? null, filter.limit ?? 50],
  );
  return rows.map(toView);
}

/** One feedback's images without their bytes, for the operator's `show`. */
export async function feedbackImages(
  db: Queryable,
  id: string,
): Promise<{ position: number; type: string; width: number; height: number; bytes: number }[]> {
  return db.query(
    `select position, content_type as type, width, height, octet_length(bytes) as bytes
     from feedback_images where feedback_id = $1 order by position`,
    [id],
  );
}

/** One image's cleaned bytes, for the operator. */
export async function feedbackImage(
  db: Queryable,
  id: string,
  position: number,
): Promise<{ type: string; bytes: Uint8Array } | null> {
  const [row] = await db.query<{ type: string; bytes: Uint8Array }>(
    `select content_type as type, bytes from feedback_images
     where feedback_id = $1 and position = $2`,
    [id, position],
  );
  return row ?? null;
}

/**
 * The operator answers an open feedback: the answer is stored with it and a notice lands in the
 * member's inbox, in one transaction. A feedback is answered once (a second answer is refused,
 * even a concurrent one: the update takes the row only while it is open). Answers the member.
 */
export async function answerFeedback(
  deps: Platform,
  id: string,
  answer: string,
): Promise<{ memberId: string; feedback: OperatorFeedbackView }> {
  const memberId = await commit(deps, async (work) => {
    const { tx } = work;
    const [row] = await tx.query<{ member_id: string; category: FeedbackCategory }>(
      `update feedback set status = 'answered', answer = $2, answered_at = now()
       where id = $1 and status = 'open' returning member_id::text, category`,
      [id, answer],
    );
    if (!row) {
      const [exists] = await tx.query('select 1 from feedback where id = $1', [id]);
      throw exists
        ? new ApiError(409, 'feedback_answered', 'This feedback was already answered.')
        : new ApiError(404, 'not_found', 'No such feedback.');
    }
    await feedbackAnswerNoticeWithin(tx, row.member_id, {
      feedbackId: id,
      category: row.category,
      answer,
    });
    work.changed('message', { memberIds: [row.member_id], reason: 'received' });
    work.changed('opsQueue', { queue: 'feedback' });
    return row.member_id;
  });
  const [feedback] = await listFeedback(deps.db, { id });
  return { memberId, feedback: feedback! };
}
