/**
 * Where a physical good of the points mall is shipped (the review's finding: the mall sold
 * T-shirts and headphones without asking where to send them). One copy of the rules for the
 * redeem dialog, which checks as the member submits, and the server, which checks again with the
 * same function and refuses with the same codes, each naming its field.
 *
 * Every part is one line of plain text (plainText.ts): stored as typed but trimmed, composed
 * (NFC) and with runs of spaces made one; never HTML, shown as text everywhere. Control, line
 * and bidirectional characters are refused: an address is printed on a parcel and read by the
 * operator, and must read as it is stored.
 */
import { hasControlCharacters, isTooLong, normalizePlainText } from './plainText';

export interface DeliveryAddress {
  /** Who receives the parcel. */
  recipient: string;
  /** A number the courier can call: digits, with an optional leading + and separators. */
  phone: string;
  line1: string;
  /** Empty when not given. */
  line2: string;
  city: string;
  /** Empty when not given: not every country uses them. */
  postcode: string;
  /** ISO 3166-1 alpha-2, one of the countries the brand delivers to. */
  country: string;
}

export type DeliveryField = keyof DeliveryAddress;

/** The parts in the order the form shows them (and the server checks them). */
export const DELIVERY_FIELDS = [
  'recipient',
  'phone',
  'line1',
  'line2',
  'city',
  'postcode',
  'country',
] as const satisfies readonly DeliveryField[];

/** Characters a person counts, at most, per part (the form's inputs are bounded the same). */
export const DELIVERY_MAX: Readonly<Record<Exclude<DeliveryField, 'country'>, number>> = {
  recipient: 60,
  phone: 24,
  line1: 100,
  line2: 100,
  city: 60,
  postcode: 12,
};

const REQUIRED: ReadonlySet<DeliveryField> = new Set(['recipient', 'phone', 'line1', 'city']);

/** A good that is shipped asks for the whole address and nothing was sent. */
export const DELIVERY_REQUIRED_CODE = 'delivery_address_required';

/** One code per part: what is wrong is said by the part's own message (errors.<code>). */
export type DeliveryProblemCode = `delivery_${DeliveryField}_invalid`;

export interface DeliveryProblem {
  code: DeliveryProblemCode;
  field: DeliveryField;
}

/** The address as stored: each part normalised (and the country and postcode upper-case). */
export function normalizeDeliveryAddress(input: DeliveryAddress): DeliveryAddress {
  const line = (value: string) => normalizePlainText(value).replace(/ {2,}/g, ' ');
  return {
    recipient: line(input.recipient),
    phone: line(input.phone),
    line1: line(input.line1),
    line2: line(input.line2),
    city: line(input.city),
    postcode: line(input.postcode).toUpperCase(),
    country: line(input.country).toUpperCase(),
  };
}

const PHONE = /^\+?[0-9 ()./-]+$/;
const POSTCODE = /^[A-Z0-9](?:[A-Z0-9 -]*[A-Z0-9])?$/;

function partProblem(field: DeliveryField, value: string, countries: readonly string[]): boolean {
  if (field === 'country') return !countries.includes(value);
  if (value === '') return REQUIRED.has(field);
  // Before the length: a line break or a tab is a control character here (one line each).
  if (hasControlCharacters(value) || /[\n\t]/.test(value)) return true;
  if (isTooLong(value, DELIVERY_MAX[field])) return true;
  if (field === 'phone') {
    const digits = value.replace(/\D/g, '').length;
    return !PHONE.test(value) || digits < 6 || digits > 15;
  }
  if (field === 'postcode') return !POSTCODE.test(value);
  return false;
}

/**
 * Every part's problem, in the form's order (empty when the address may be stored). `countries`
 * are the codes the brand delivers to. The address is checked as it will be stored.
 */
export function checkDeliveryAddress(
  input: DeliveryAddress,
  countries: readonly string[],
): DeliveryProblem[] {
  const address = normalizeDeliveryAddress(input);
  return DELIVERY_FIELDS.filter((field) => partProblem(field, address[field], countries)).map(
    (field) => ({ code: `delivery_${field}_invalid`, field }),
  );
}

/** Whether two stored addresses are the same (a retry of a redemption must not change it). */
export function sameDeliveryAddress(a: DeliveryAddress, b: DeliveryAddress): boolean {
  return DELIVERY_FIELDS.every((field) => a[field] === b[field]);
}

/** An empty form, in the country given (the first the brand delivers to). */
export function emptyDeliveryAddress(country = ''): DeliveryAddress {
  return { recipient: '', phone: '', line1: '', line2: '', city: '', postcode: '', country };
}

/**
 * The parts of an address to show, in print order: name and phone, the lines, postcode and
 * city, the country (as `countryName` names it). Empty parts are left out. Plain text.
 */
export function deliveryLines(
  address: DeliveryAddress,
  countryName: (code: string) => string = (code) => code,
): string[] {
  return [
    `${address.recipient} · ${address.phone}`,
    address.line1,
    address.line2,
    [address.postcode, address.city].filter(Boolean).join(' '),
    countryName(address.country),
  ].filter(Boolean);
}

/** What the redeem dialog prefills: the countries delivered to and the member's last address. */
export interface DeliveryDefaults {
  countries: string[];
  last: DeliveryAddress | null;
}
