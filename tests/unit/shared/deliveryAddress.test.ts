import { describe, expect, it } from 'vitest';
import {
  checkDeliveryAddress,
  type DeliveryAddress,
  deliveryLines,
  normalizeDeliveryAddress,
  sameDeliveryAddress,
} from '../../../src/shared/deliveryAddress';

/** The delivery address rules the redeem dialog and the server share, each part its own code. */
const countries = ['VN', 'TH', 'US'];
const address: DeliveryAddress = {
  recipient: 'Somchai Jaidee',
  phone: '+66 81 234 5678',
  line1: '99 Sukhumvit Road',
  line2: '',
  city: 'Bangkok',
  postcode: '10110',
  country: 'TH',
};
const problems = (change: Partial<DeliveryAddress>) =>
  checkDeliveryAddress({ ...address, ...change }, countries).map((problem) => problem.code);

describe('delivery address rules', () => {
  it('takes a whole address, the optional parts left empty', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ line2: '', postcode: '' })).toEqual([]);
  });

  it('stores each part on one line, trimmed, composed, its spaces made one', () => {
    const typed = {
      ...address,
      recipient: '  Somchai   Jaidee ',
      // "ệ" as a letter and its two combining marks: stored composed.
      city: 'Vi\u0065\u0323\u0302t Tri',
      postcode: ' ab1 2cd ',
      country: 'th',
    };
    expect(normalizeDeliveryAddress(typed)).toEqual({
      ...address,
      recipient: 'Somchai Jaidee',
      city: 'Việt Tri',
      postcode: 'AB1 2CD',
      country: 'TH',
    });
    expect(checkDeliveryAddress(typed, countries)).toEqual([]);
  });

  it('refuses each bad part with its own code, in the form order', () => {
    expect(
      checkDeliveryAddress(
        { ...address, recipient: '', phone: '123', city: ' ', country: 'FR' },
        countries,
      ),
    ).toEqual([
      { code: 'delivery_recipient_invalid', field: 'recipient' },
      { code: 'delivery_phone_invalid', field: 'phone' },
      { code: 'delivery_city_invalid', field: 'city' },
      { code: 'delivery_country_invalid', field: 'country' },
    ]);
  });

  it('counts characters as a person does, and bounds each part', () => {
    // Sixty flags are sixty characters (each two code points).
    expect(problems({ recipient: '🇻🇳'.repeat(60) })).toEqual([]);
    expect(problems({ recipient: '🇻🇳'.repeat(61) })).toEqual(['delivery_recipient_invalid']);
    expect(problems({ line1: 'x'.repeat(100) })).toEqual([]);
    expect(problems({ line1: 'x'.repeat(101) })).toEqual(['delivery_line1_invalid']);
    expect(problems({ line2: 'y'.repeat(101) })).toEqual(['delivery_line2_invalid']);
    expect(problems({ city: 'z'.repeat(61) })).toEqual(['delivery_city_invalid']);
    // A character built of hundreds of marks is not one character.
    expect(problems({ recipient: `a${'\u0301'.repeat(700)}` })).toEqual([
      'delivery_recipient_invalid',
    ]);
  });

  it('refuses line breaks, tabs, control and direction characters in any part', () => {
    expect(problems({ line2: 'Floor 2\nRoom 5' })).toEqual(['delivery_line2_invalid']);
    expect(problems({ line1: 'A\tB' })).toEqual(['delivery_line1_invalid']);
    expect(problems({ recipient: 'Ann\u0007' })).toEqual(['delivery_recipient_invalid']);
    expect(problems({ city: 'Bang\u202Ekok' })).toEqual(['delivery_city_invalid']);
    expect(problems({ recipient: 'Ann\u2066x\u2069' })).toEqual(['delivery_recipient_invalid']);
  });

  it('keeps markup as plain text: it is only ever shown as text', () => {
    expect(problems({ recipient: '<b>Ann</b> & "Bob"' })).toEqual([]);
  });

  it('takes a phone of 6 to 15 digits with a leading + and separators, and nothing else', () => {
    expect(problems({ phone: '(02) 123-4567' })).toEqual([]);
    expect(problems({ phone: '0812345678' })).toEqual([]);
    expect(problems({ phone: '12345' })).toEqual(['delivery_phone_invalid']);
    expect(problems({ phone: '+1 234 567 890 123 456' })).toEqual(['delivery_phone_invalid']);
    expect(problems({ phone: '081 CALL ME' })).toEqual(['delivery_phone_invalid']);
    expect(problems({ phone: '66+812345678' })).toEqual(['delivery_phone_invalid']);
  });

  it('takes a postcode of letters, digits, spaces and hyphens', () => {
    expect(problems({ postcode: 'SW1A 1AA' })).toEqual([]);
    expect(problems({ postcode: '100-0001' })).toEqual([]);
    expect(problems({ postcode: '-100' })).toEqual(['delivery_postcode_invalid']);
    expect(problems({ postcode: '1234567890123' })).toEqual(['delivery_postcode_invalid']);
    expect(problems({ postcode: '<1>' })).toEqual(['delivery_postcode_invalid']);
  });

  it('compares stored addresses part by part, whatever order their keys come in', () => {
    const reordered = Object.fromEntries(Object.entries(address).reverse()) as DeliveryAddress;
    expect(sameDeliveryAddress(address, reordered)).toBe(true);
    expect(sameDeliveryAddress(address, { ...address, line2: 'Unit 4' })).toBe(false);
  });

  it('prints an address in lines, empty parts left out', () => {
    expect(deliveryLines(address, (code) => (code === 'TH' ? 'Thailand' : code))).toEqual([
      'Somchai Jaidee · +66 81 234 5678',
      '99 Sukhumvit Road',
      '10110 Bangkok',
      'Thailand',
    ]);
  });
});
