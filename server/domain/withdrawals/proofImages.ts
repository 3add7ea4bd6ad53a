import { PROOF_IMAGE_MAX_BYTES } from '../../../src/shared/withdrawals';
import type { IdentityDeps } from '../identity/services';
import { ApiError } from '../../platform/apiError';
import { type CleanImage, cleanImage, ImageRejected } from '../uploads/cleanImage';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, magic: number[]) =>
  magic.every((byte, index) => bytes[index] === byte);

/** The real type of the bytes; the declared content type alone is never trusted. */
function sniff(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  return null;
}

/** Uploads per member per hour: enough for honest retries, not a free file store. */
const UPLOADS = { windowMs: 60 * 60_000, limit: 20 };

/** Stores a proof image (spec 5: png or jpg, 5 MB at most) for a "not received" report. */
export async function storeProofImage(
  deps: IdentityDeps,
  memberId: string,
  declaredType: string,
  bytes: Uint8Array,
): Promise<{ id: string }> {
  if (bytes.length === 0 || bytes.length > PROOF_IMAGE_MAX_BYTES) {
    throw new ApiError(413, 'image_too_large', 'The image must be a png or jpg of at most 5 MB.');
  }
  const type = sniff(bytes);
  if (!type || type !== declaredType) {
    throw new ApiError(415, 'image_type_invalid', 'The image must be a png or jpg file.');
  }
  const limit = await deps.identity.throttles.hit(`proof-upload:${memberId}`, UPLOADS);
  if (!limit.allowed) {
    throw new ApiError(429, 'too_many_requests', 'Too many uploads. Please try again later.');
  }
  // Checked as a picture and stored without what is not one: a phone photo's EXIF (with its
  // GPS position), text chunks, comments, anything appended after the image (issue 16).
  let clean: CleanImage;
  try {
    clean = cleanImage(bytes);
  } catch (error) {
    if (!(error instanceof ImageRejected)) throw error;
    if (error.reason === 'type')
      throw new ApiError(415, 'image_type_invalid', 'The image must be a png or jpg file.');
    throw new ApiError(400, 'image_corrupt', 'This image cannot be read. Choose another one.');
  }
  const [row] = await deps.db.query<{ id: string }>(
    `insert into upload_images (member_id, content_type, bytes) values ($1, $2, $3) returning id::text`,
    [memberId, clean.type, clean.bytes],
  );
  return { id: row!.id };
}
