/**
 * Feedback (spec 5 and 9; `PUT /wps/feedback`, spec 7): the rules the page checks as the member
 * types and the server checks again on submit, with the same functions and the same codes.
 *
 * Spec 5: text up to 140 characters, png or jpg uploads of 5 MB each, at most 3 images, remark
 * up to 140 characters. "Characters" are what a person counts: user-perceived characters
 * (grapheme clusters), so an emoji with a skin tone or a flag is one, and a Vietnamese letter is
 * one whether it arrives composed or as a letter and its combining marks.
 */

import { countCharacters, hasControlCharacters, isTooLong, normalizePlainText } from './plainText';

export const FEEDBACK_TEXT_MAX = 140;
export const FEEDBACK_REMARK_MAX = 140;
export const FEEDBACK_IMAGES_MAX = 3;
export const FEEDBACK_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const FEEDBACK_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export type FeedbackImageType = (typeof FEEDBACK_IMAGE_TYPES)[number];
/** Feedbacks one member may send in an hour (ours; the spec sets none). */
export const FEEDBACK_PER_HOUR = 10;
/** The operator's answer: a message in the member's inbox (ours). */
export const FEEDBACK_ANSWER_MAX = 1000;

/** The fixed list of categories (ours: the spec names the field's existence only). */
export const FEEDBACK_CATEGORIES = [
  'account',
  'deposit',
  'withdrawal',
  'games',
  'promotions',
  'suggestion',
  'other',
] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

export { FEEDBACK_PATH } from './feedbackPath';

/** One image as it travels: its bytes in base64 (standard alphabet, no data: prefix). */
export interface FeedbackImageUpload {
  data: string;
}

export interface FeedbackRequest {
  category: FeedbackCategory;
  text: string;
  remark?: string;
  images?: FeedbackImageUpload[];
}

export interface FeedbackView {
  id: string;
  category: FeedbackCategory;
  text: string;
  remark: string | null;
  imageCount: number;
  status: 'open' | 'answered';
  answer: string | null;
  createdAt: string;
  answeredAt: string | null;
}

/**
 * Every refusal has its own code (the page shows `errors.<code>` next to the field named by
 * `field`; an image's refusal also names its position).
 */
export type FeedbackProblemCode =
  | 'feedback_category_invalid'
  | 'feedback_text_required'
  | 'feedback_text_too_long'
  | 'feedback_text_invalid'
  | 'feedback_remark_too_long'
  | 'feedback_remark_invalid'
  | 'feedback_too_many_images'
  | 'feedback_image_too_large'
  | 'feedback_image_type'
  | 'feedback_image_corrupt';

export type FeedbackField = 'category' | 'text' | 'remark' | 'images';

export interface FeedbackProblem {
  code: FeedbackProblemCode;
  field: FeedbackField;
  /** The image's position (0-based) for an image's refusal. */
  index?: number;
}

/** The text as stored (plainText.ts: the same rule as every text a person writes). */
export const normalizeFeedbackText = normalizePlainText;
export { countCharacters, isTooLong };

export function isFeedbackCategory(value: unknown): value is FeedbackCategory {
  return (FEEDBACK_CATEGORIES as readonly unknown[]).includes(value);
}

/** The text fields' problems, in the order of the form (empty when all is well). */
export function checkFeedbackFields(input: {
  category: unknown;
  text: string;
  remark: string;
}): FeedbackProblem[] {
  const problems: FeedbackProblem[] = [];
  if (!isFeedbackCategory(input.category)) {
    problems.push({ code: 'feedback_category_invalid', field: 'category' });
  }
  const text = normalizeFeedbackText(input.text);
  if (text === '') problems.push({ code: 'feedback_text_required', field: 'text' });
  else if (isTooLong(text, FEEDBACK_TEXT_MAX)) {
    problems.push({ code: 'feedback_text_too_long', field: 'text' });
  } else if (hasControlCharacters(text)) {
    problems.push({ code: 'feedback_text_invalid', field: 'text' });
  }
  const remark = normalizeFeedbackText(input.remark);
  if (isTooLong(remark, FEEDBACK_REMARK_MAX)) {
    problems.push({ code: 'feedback_remark_too_long', field: 'remark' });
  } else if (hasControlCharacters(remark)) {
    problems.push({ code: 'feedback_remark_invalid', field: 'remark' });
  }
  return problems;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

/** The image type the bytes begin with (magic bytes); never the name or the declared type. */
export function sniffImageType(head: Uint8Array): FeedbackImageType | null {
  const starts = (magic: number[]) => magic.every((byte, index) => head[index] === byte);
  if (starts(PNG_SIGNATURE)) return 'image/png';
  if (starts(JPEG_SIGNATURE)) return 'image/jpeg';
  return null;
}

/** How many bytes `sniffImageType` needs to read. */
export const IMAGE_SNIFF_BYTES = PNG_SIGNATURE.length;

/**
 * The checks that need only an image's size and first bytes, in the order the server makes
 * them: how many, how large, what type. The server then decodes each image (not here: the page
 * shows a preview instead).
 */
export function checkImageList(
  images: readonly { size: number; head: Uint8Array }[],
): FeedbackProblem[] {
  if (images.length > FEEDBACK_IMAGES_MAX) {
    return [{ code: 'feedback_too_many_images', field: 'images' }];
  }
  const problems: FeedbackProblem[] = [];
  images.forEach((image, index) => {
    if (image.size > FEEDBACK_IMAGE_MAX_BYTES) {
      problems.push({ code: 'feedback_image_too_large', field: 'images', index });
    } else if (image.size === 0 || !sniffImageType(image.head)) {
      problems.push({ code: 'feedback_image_type', field: 'images', index });
    }
  });
  return problems;
}
