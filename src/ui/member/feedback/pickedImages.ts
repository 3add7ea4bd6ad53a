import { IMAGE_SNIFF_BYTES } from '../../../shared/feedback';
import { fileToBase64 } from '../../core/files';

/** An image the member picked: the file, its first bytes (its real type), and a preview URL. */
export interface PickedImage {
  id: string;
  file: File;
  head: Uint8Array;
  previewUrl: string;
}

let next = 0;

/** Reads what the checks need of each picked file (the preview URL is revoked on removal). */
export async function readPicked(
  files: readonly File[],
): Promise<Omit<PickedImage, 'previewUrl'>[]> {
  return Promise.all(
    files.map(async (file) => ({
      id: `picked-${(next += 1)}`,
      file,
      head: new Uint8Array(await file.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer()),
    })),
  );
}

/** The file's bytes in base64, as `PUT /wps/feedback` takes them. */
export const toBase64 = fileToBase64;
