import { refusalOf } from '../../core/apiErrors';
import { errorField } from '../../components/forms/errorFields';
import type { FeedbackField, FeedbackProblem } from '../../../shared/feedback';

/** A problem as the form shows it: with the image's file name when it is about one image. */
export type ShownProblem = FeedbackProblem & { name?: string };

const FIELDS: readonly string[] = [
  'category',
  'text',
  'remark',
  'images',
] satisfies FeedbackField[];

/**
 * The problem of a refusal that belongs to a field of the form: the field the server named
 * (`value.field`, with `value.index` for an image) or the one its code belongs to
 * (errorFields.ts). Null for a refusal of the whole form (the hourly limit, the network).
 */
export function serverProblem(error: unknown): FeedbackProblem | null {
  const refusal = refusalOf(error);
  if (!refusal || !refusal.code.startsWith('feedback_')) return null;
  const value = refusal.value as { field?: string; index?: number } | null;
  const field = errorField(refusal.code, value?.field);
  if (field === null || !FIELDS.includes(field)) return null;
  return {
    code: refusal.code as FeedbackProblem['code'],
    field: field as FeedbackField,
    index: value?.index,
  };
}
