/**
 * Which field of a form a refusal belongs to (issue 34, finding 6: a wrong payment password
 * showed under Amount, the contract form's "rate too high" under its last field): one table
 * for every form, by the server's (or the form's own) error code. A field the server names in
 * the answer (`value.field`) wins; a code with no field here is about the whole form and shows
 * above its button.
 *
 * The fields are the forms' input names, with one shared name: `oldPassword` is the member's
 * login password typed to prove it is them (change password's "Current password", the payment
 * password's "Login password"), whatever the input is called.
 */
export const FIELD_OF_CODE: Readonly<Record<string, string>> = {
  // Money requests (deposit, withdrawal, transfer): the form's own check, then the server's.
  amount_invalid: 'amount',
  amount_out_of_range: 'amount',
  insufficient_funds: 'amount',
  withdrawal_daily_max: 'amount',
  rg_deposit_limit: 'amount',
  payment_password_wrong: 'paymentPassword',
  payment_password_format: 'paymentPassword',
  payment_password_not_set: 'paymentPassword',
  payment_password_mismatch: 'confirmPaymentPassword',
  // A paid withdrawal's answers: the amount received, the proof image.
  partial_amount_invalid: 'receivedAmount',
  proof_required: 'proof',
  image_type_invalid: 'proof',
  image_too_large: 'proof',
  image_corrupt: 'proof',
  // Login, registration, password reset and change.
  invalid_credentials: 'password',
  captcha_required: 'captcha',
  captcha_invalid: 'captcha',
  verification_code_invalid: 'verificationCode',
  verification_code_expired: 'verificationCode',
  mobile_invalid: 'mobileNum',
  mobile_taken: 'mobileNum',
  username_taken: 'username',
  nickname_not_allowed: 'nickname',
  invitation_code_error: 'affiliateCode',
  email_mismatch: 'email',
  old_password_wrong: 'oldPassword',
  // Responsible gaming: the session card's time zone (the limits' amounts are checked in the
  // form, field by field).
  rg_time_zone_invalid: 'timeZone',
  // Feedback: the form's own checks and the server's, which name the field as well.
  feedback_category_invalid: 'category',
  feedback_text_required: 'text',
  feedback_text_too_long: 'text',
  feedback_text_invalid: 'text',
  feedback_remark_too_long: 'remark',
  feedback_remark_invalid: 'remark',
  feedback_too_many_images: 'images',
  feedback_image_too_large: 'images',
  feedback_image_type: 'images',
  feedback_image_corrupt: 'images',
  // Contracts: the terms checked in the form, and the server's refusals.
  contract_term_rate: 'rate',
  contract_term_activeMembers: 'activeMembers',
  contract_term_periodBet: 'periodBet',
  contract_term_profitLoss: 'profitLoss',
  contract_rate_above_held: 'rate',
  contract_rate_above_cap: 'rate',
  contract_not_downline: 'downlineId',
  contract_downline_trial: 'downlineId',
  // A physical good's delivery address (src/shared/deliveryAddress.ts): each part its own code.
  delivery_recipient_invalid: 'recipient',
  delivery_phone_invalid: 'phone',
  delivery_line1_invalid: 'line1',
  delivery_line2_invalid: 'line2',
  delivery_city_invalid: 'city',
  delivery_postcode_invalid: 'postcode',
  delivery_country_invalid: 'country',
  // The Vietnamese lottery's slip: a number past the house's liability cap belongs to the slip
  // lines that bet on it (the answer's `value.lines`).
  number_limit: 'lines',
};

/** The field a refusal belongs to, or null when it is about the whole form. */
export function errorField(code: string | null | undefined, named?: string | null): string | null {
  if (!code) return null;
  return named ?? FIELD_OF_CODE[code] ?? null;
}

/**
 * The error code for one field of a form: `code` when it belongs to `field`, else null. With
 * `formFields`, a code belonging to none of them comes back for `field` when `field` is the
 * form's catch-all (pass `'*'`).
 */
export function errorFor(
  code: string | null | undefined,
  field: string,
  formFields: readonly string[] = [],
): string | null {
  const belongs = errorField(code);
  if (field === '*')
    return code && (belongs === null || !formFields.includes(belongs)) ? code : null;
  return belongs === field ? (code ?? null) : null;
}

/** A form's refusal and where it shows: under `field`, or above the button when null. */
export interface PlacedError {
  code: string;
  field: string | null;
}

/**
 * Where a form shows a refusal: under the one of `formFields` it belongs to (the field the
 * server named, `named`, first), else above the button — a field the form does not show never
 * swallows it. Null without a refusal.
 */
export function placeError(
  code: string | null | undefined,
  formFields: readonly string[],
  named?: string | null,
): PlacedError | null {
  if (!code) return null;
  const field = errorField(code, named);
  return { code, field: field !== null && formFields.includes(field) ? field : null };
}
