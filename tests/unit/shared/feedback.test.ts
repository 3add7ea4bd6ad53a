import { describe, expect, it } from 'vitest';
import {
  checkFeedbackFields,
  checkImageList,
  countCharacters,
  FEEDBACK_IMAGE_MAX_BYTES,
  sniffImageType,
} from '../../../src/shared/feedback';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]);
const text = new TextEncoder().encode('hello, I am not a picture');
const fields = (over: Partial<{ category: unknown; text: string; remark: string }>) =>
  checkFeedbackFields({
    category: 'deposit',
    text: 'The deposit took an hour.',
    remark: '',
    ...over,
  });

describe('feedback rules (shared by the page and the server)', () => {
  it('counts characters as a person does', () => {
    expect(countCharacters('abc')).toBe(3);
    // A flag, a family, a thumbs-up with a skin tone: one character each.
    expect(countCharacters('🇻🇳👨‍👩‍👧👍🏽')).toBe(3);
    // "ệ" composed, and as e + two combining marks: one character either way.
    expect(countCharacters('\u1EC7')).toBe(1);
    expect(countCharacters('e\u0323\u0302')).toBe(1);
    // Surrounding spaces are not kept; CRLF is one line break.
    expect(countCharacters('  a\r\nb  ')).toBe(3);
  });

  it('accepts 140 characters and refuses 141, counted as characters', () => {
    expect(fields({ text: 'x'.repeat(140) })).toEqual([]);
    expect(fields({ text: '👍🏽'.repeat(140) })).toEqual([]);
    expect(fields({ text: 'x'.repeat(141) })).toEqual([
      { code: 'feedback_text_too_long', field: 'text' },
    ]);
    expect(fields({ text: '🇻🇳'.repeat(141) })).toEqual([
      { code: 'feedback_text_too_long', field: 'text' },
    ]);
    // One "character" of hundreds of marks is not a way around the bound.
    expect(fields({ text: `a${'\u0301'.repeat(2000)}` })).toEqual([
      { code: 'feedback_text_too_long', field: 'text' },
    ]);
  });

  it('requires the text, bounds the remark, and checks the category against the list', () => {
    expect(fields({ text: '   \n ' })).toEqual([{ code: 'feedback_text_required', field: 'text' }]);
    expect(fields({ remark: 'r'.repeat(140) })).toEqual([]);
    expect(fields({ remark: 'r'.repeat(141) })).toEqual([
      { code: 'feedback_remark_too_long', field: 'remark' },
    ]);
    expect(fields({ category: 'bribes' })).toEqual([
      { code: 'feedback_category_invalid', field: 'category' },
    ]);
    expect(fields({ text: 'bell\u0007' })).toEqual([
      { code: 'feedback_text_invalid', field: 'text' },
    ]);
    expect(fields({ text: 'two\nlines\tand a tab' })).toEqual([]);
  });

  it('knows png and jpg by their first bytes, not their name', () => {
    expect(sniffImageType(png)).toBe('image/png');
    expect(sniffImageType(jpeg)).toBe('image/jpeg');
    // A .txt renamed .png is still text.
    expect(sniffImageType(text)).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });

  it('refuses a fourth image, a 6 MB image and a text file, naming the image', () => {
    const good = { size: 1000, head: png };
    expect(checkImageList([good, good, good])).toEqual([]);
    expect(checkImageList([good, good, good, good])).toEqual([
      { code: 'feedback_too_many_images', field: 'images' },
    ]);
    expect(checkImageList([good, { size: 6 * 1024 * 1024, head: png }])).toEqual([
      { code: 'feedback_image_too_large', field: 'images', index: 1 },
    ]);
    expect(checkImageList([{ size: FEEDBACK_IMAGE_MAX_BYTES, head: jpeg }])).toEqual([]);
    expect(checkImageList([{ size: text.length, head: text }])).toEqual([
      { code: 'feedback_image_type', field: 'images', index: 0 },
    ]);
    expect(checkImageList([{ size: 0, head: new Uint8Array() }])).toEqual([
      { code: 'feedback_image_type', field: 'images', index: 0 },
    ]);
  });
});
