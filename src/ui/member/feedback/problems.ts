import { refusalOf } from '../../core/apiErrors';
import type { FeedbackField, FeedbackProblem } from '../../../shared/feedback';

/** A problem as the form shows it: with the image's file name when it is about one image. */
export type ShownProblem = FeedbackProblem & { name?: string };

/** The problem the server named (`value.field`, `value.index`), if it names one. */
export function serverProblem(error: unknown): FeedbackProblem | null {
  const refusal = refusalOf(error);
  if (!refusal || !refusal.code.startsWith('feedback_')) return null;
  const value = refusal.value as { field?: FeedbackField; index?: number } | null;
  if (!value?.field) return null;
  return { code: refusal.code as FeedbackProblem['code'], field: value.field, index: value.index };
}
