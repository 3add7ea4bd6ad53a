import {
  checkImageList,
  FEEDBACK_IMAGE_MAX_BYTES,
  IMAGE_SNIFF_BYTES,
} from '../../../src/shared/feedback';
import type { Throttles } from '../identity/throttles';
import { type CleanImage, cleanImage, ImageRejected } from './cleanImage';

/**
 * Uploaded pictures, the same checks wherever a member sends one (issue 16: feedback and the
 * chat's attachments): base64 in JSON, at most 5 MB each, png or jpg by content (never by name
 * or declared type), decoded and written out again without metadata (cleanImage.ts). Each
 * caller names the refusals in its own codes through `refuse`.
 */
export type ImageProblemKind = 'too_many' | 'too_large' | 'type' | 'corrupt';

export interface ImageProblem {
  kind: ImageProblemKind;
  /** The image's position (0-based) in what was sent; none for "too many". */
  index?: number;
}

export type RefuseImage = (problem: ImageProblem) => never;

/** The base64 length of the largest image allowed. */
export const IMAGE_BASE64_MAX = Math.ceil(FEEDBACK_IMAGE_MAX_BYTES / 3) * 4;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** An image's bytes from base64 (a data: URL's prefix is ignored: its type is never trusted). */
export function decodeBase64Image(data: string, index: number, refuse: RefuseImage): Uint8Array {
  const text = data.replace(/^data:[^,]{0,100},/, '');
  // Larger than allowed, whatever it holds: refused before decoding.
  if (Math.floor((text.length * 3) / 4) - 2 > FEEDBACK_IMAGE_MAX_BYTES) {
    refuse({ kind: 'too_large', index });
  }
  if (text.length % 4 !== 0 || !BASE64.test(text)) refuse({ kind: 'corrupt', index });
  return Buffer.from(text, 'base64');
}

/**
 * Every image's checks, cheapest first (how many, how large, what type by its first bytes),
 * then each is decoded and stripped: the cleaned images, or the first problem refused.
 */
export function cleanImageUploads(
  images: readonly Uint8Array[],
  refuse: RefuseImage,
): CleanImage[] {
  const [problem] = checkImageList(
    images.map((bytes) => ({ size: bytes.length, head: bytes.subarray(0, IMAGE_SNIFF_BYTES) })),
  );
  if (problem) {
    refuse({
      kind:
        problem.code === 'feedback_too_many_images'
          ? 'too_many'
          : problem.code === 'feedback_image_too_large'
            ? 'too_large'
            : 'type',
      ...(problem.index === undefined ? {} : { index: problem.index }),
    });
  }
  return images.map((bytes, index) => {
    try {
      return cleanImage(bytes);
    } catch (error) {
      if (!(error instanceof ImageRejected)) throw error;
      return refuse({ kind: error.reason === 'type' ? 'type' : 'corrupt', index });
    }
  });
}

/**
 * Reserves one upload attempt of the hour before any decoding, refused or not (one statement,
 * so a parallel burst cannot all read a low count): five compressed megabytes of PNG may inflate
 * to tens of megabytes, so bad uploads cannot be repeated without bound to keep the server busy.
 */
export async function reserveImageAttempt(
  throttles: Throttles,
  key: string,
  perHour: number,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const attempt = await throttles.hit(key, { windowMs: 60 * 60_000, limit: perHour });
  return { allowed: attempt.allowed, retryAfterSeconds: Math.ceil(attempt.retryAfterMs / 1000) };
}
