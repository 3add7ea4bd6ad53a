/**
 * Which field of a form a refusal belongs to (issue 34, finding 6: a wrong payment password
 * showed under Amount, the contract form's "rate too high" under its last field): one table
 * for every form, by the server's (or the form's own) error code. A field the server names in
 * the answer (`value.field`) wins; a code with no field here is about the whole form and shows
 * above its button.
 */
const FIELD_OF_CODE: Readonly<Record<string, string>> = {
  // Money requests (deposit, withdrawal, transfer): the form's own check, then the server's.
  amount_invalid: 'amount',
  amount_out_of_range: 'amount',
  partial_amount_invalid: 'amount',
  insufficient_funds: 'amount',
  rg_deposit_limit: 'amount',
  payment_password_wrong: 'paymentPassword',
  payment_password_format: 'paymentPassword',
  payment_password_not_set: 'paymentPassword',
  payment_password_mismatch: 'paymentPasswordAgain',
  // Identity.
  username_taken: 'username',
  mobile_taken: 'mobile',
  invitation_code_error: 'invitationCode',
  old_password_wrong: 'oldPassword',
  email_mismatch: 'email',
  // Contracts: the terms checked in the form, and the server's refusals.
  contract_term_rate: 'rate',
  contract_term_activeMembers: 'activeMembers',
  contract_term_periodBet: 'periodBet',
  contract_term_profitLoss: 'profitLoss',
  contract_rate_above_held: 'rate',
  contract_rate_above_cap: 'rate',
  contract_not_downline: 'downlineId',
  contract_downline_trial: 'downlineId',
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
