import { describe, expect, it } from 'vitest';
import { cleanImage, ImageRejected } from '../../../server/domain/uploads/cleanImage';
import { exifSegment, jpegComment, makeJpeg, makePng, pngText } from '../../support/images';

const reason = (bytes: Uint8Array) => {
  try {
    cleanImage(bytes);
    return 'accepted';
  } catch (error) {
    return error instanceof ImageRejected ? error.reason : `threw ${String(error)}`;
  }
};
const holds = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(text);

describe('image checks and metadata stripping', () => {
  it('keeps a PNG picture and drops its text, EXIF and private chunks', () => {
    const original = makePng({
      width: 5,
      height: 4,
      before: [
        pngText('Author', 'Nguyen Van A'),
        ['eXIf', Buffer.from('MM\0*GPS 10.7769N 106.7009E')],
        ['tIME', Buffer.from([7, 234, 11, 25, 12, 0, 0])],
      ],
    });
    expect(holds(original, 'Nguyen Van A')).toBe(true);
    const clean = cleanImage(original);
    expect(clean).toMatchObject({ type: 'image/png', width: 5, height: 4 });
    expect(holds(clean.bytes, 'Nguyen Van A')).toBe(false);
    expect(holds(clean.bytes, 'GPS')).toBe(false);
    expect(holds(clean.bytes, 'tIME')).toBe(false);
    // What is left is the same picture: the same image data, and it checks again.
    expect(clean.bytes.length).toBeLessThan(original.length);
    expect(cleanImage(clean.bytes).bytes.equals(clean.bytes)).toBe(true);
    expect(cleanImage(makePng({ width: 5, height: 4 })).bytes.equals(clean.bytes)).toBe(true);
  });

  it('keeps a JPEG picture and drops EXIF, comments and what hides after its end', () => {
    const original = makeJpeg({
      metadata: [exifSegment('GPS 10.7769N 106.7009E'), jpegComment('shot by Tran Thi B')],
      trailing: Buffer.from('PK\u0003\u0004 a zip file hidden behind the picture'),
    });
    const clean = cleanImage(original);
    expect(clean).toMatchObject({ type: 'image/jpeg', width: 8, height: 8 });
    for (const text of ['Exif', 'GPS', 'Tran Thi B', 'PK'])
      expect(holds(clean.bytes, text)).toBe(false);
    expect(clean.bytes.equals(makeJpeg())).toBe(true);
  });

  it('refuses a text file renamed .png, by its content', () => {
    expect(reason(Buffer.from('just some text, named holiday.png'))).toBe('type');
    expect(reason(Buffer.from('GIF89a....'))).toBe('type');
  });

  it('refuses a file that begins like an image but is not one', () => {
    const png = makePng();
    // PNG signature then text.
    expect(reason(Buffer.concat([png.subarray(0, 8), Buffer.from('not chunks at all')]))).toBe(
      'corrupt',
    );
    // A chunk whose CRC does not match.
    const flipped = Buffer.from(png);
    flipped.writeUInt8(flipped[20]! ^ 0xff, 20);
    expect(reason(flipped)).toBe('corrupt');
    // Cut short: no IEND.
    expect(reason(png.subarray(0, png.length - 12))).toBe('corrupt');
    // JPEG start then nothing sensible; and a JPEG without its end.
    expect(reason(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBe('corrupt');
    const jpeg = makeJpeg();
    expect(reason(jpeg.subarray(0, jpeg.length - 2))).toBe('corrupt');
  });

  it('decodes the PNG data: the wrong amount of pixels is refused, and so is a bomb', () => {
    // IHDR says 4 × 3, the data holds 4 × 2 rows.
    const short = makePng({ width: 4, height: 3 });
    const at = short.indexOf('IDAT') - 4;
    const idat = makePng({ width: 4, height: 2 });
    const lying = Buffer.concat([
      short.subarray(0, at),
      idat.subarray(idat.indexOf('IDAT') - 4, idat.indexOf('IEND') - 4),
      short.subarray(short.indexOf('IEND') - 4),
    ]);
    expect(reason(lying)).toBe('corrupt');
    // Dimensions past the limit are refused before anything is inflated.
    expect(reason(makePng({ width: 20_000, height: 1 }))).toBe('dimensions');
  });
});
