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
