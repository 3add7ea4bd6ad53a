/**
 * Registration and password field rules (spec 3 "Registration validation setting", spec 5).
 * One implementation for both sides: the page checks as the user types, the server checks
 * again on submit with the same function and the same rules.
 */
export interface FieldRule {
  acceptedPattern: string;
  patternId: string;
  minLength: number;
  maxLength: number;
}

export interface FieldSetting {
  enabled: boolean;
  required: boolean;
}

/** What is wrong with a value; the UI turns it into the patternId's message. */
export type FieldProblem =
  | { kind: 'required'; patternId: string; min: number; max: number }
  | { kind: 'pattern'; patternId: string; min: number; max: number }
  | { kind: 'length'; patternId: string; min: number; max: number };

/** Returns null when the value is acceptable. Length counts characters, not bytes. */
export function checkField(value: string, rule: FieldRule, required: boolean): FieldProblem | null {
  const bounds = { patternId: rule.patternId, min: rule.minLength, max: rule.maxLength };
  if (value === '') return required ? { kind: 'required', ...bounds } : null;
  const length = [...value].length;
  if (length < rule.minLength || length > rule.maxLength) return { kind: 'length', ...bounds };
  if (rule.acceptedPattern !== '*' && !new RegExp(rule.acceptedPattern, 'u').test(value)) {
    return { kind: 'pattern', ...bounds };
  }
  return null;
}

/** "(min)-(max)" with one number when both bounds are equal (spec 5). */
export function lengthText(min: number, max: number): string {
  return min === max ? String(min) : `${min}-${max}`;
}

/** The password rule used when the register settings are not at hand (change password). */
export const DEFAULT_PASSWORD_RULE: FieldRule = {
  acceptedPattern: '^(?=.*[A-Za-z])(?=.*[0-9])[\\x21-\\x7e]+$',
  patternId: 'LETTERS_AND_DIGITS',
  minLength: 6,
  maxLength: 20,
};

export type RegistrationRules = Record<string, FieldRule>;
export type RegistrationSettings = Record<string, FieldSetting>;

/**
 * Words a nickname may not carry, compared without case, spaces or punctuation: a nickname is
 * shown to other members (the winner board, messages), and one that reads as the operator's
 * staff is a phishing tool (issue 11).
 */
const RESERVED_NICKNAME_WORDS = [
  'customerservice',
  'customersupport',
  'support',
  'admin',
  'official',
  'staff',
  'moderator',
  'operator',
  'helpdesk',
  'cskh', // chăm sóc khách hàng
  '客服',
  '管理员',
  '官方',
];

/**
 * What is wrong with a nickname beyond its length rule, or null: markup characters (it must
 * never carry HTML, whatever a page does with it) or a word that passes for staff. The
 * registration form, registerCenter and the server all use it.
 */
export function nicknameProblem(value: string): 'nickname_not_allowed' | null {
  if (/[<>&"'`\\\p{Cc}]/u.test(value)) return 'nickname_not_allowed';
  const plain = value.toLowerCase().replace(/[\s\p{P}\p{S}_]/gu, '');
  return RESERVED_NICKNAME_WORDS.some((word) => plain.includes(word))
    ? 'nickname_not_allowed'
    : null;
}
