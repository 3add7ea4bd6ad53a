import { describe, expect, it } from 'vitest';
import { errorField, errorFor } from '../../../../src/ui/components/forms/errorFields';

describe('which field a refusal belongs to (issue 34, finding 6)', () => {
  it('puts a wrong payment password under the payment password, not the amount', () => {
    expect(errorField('payment_password_wrong')).toBe('paymentPassword');
    expect(errorFor('payment_password_wrong', 'amount')).toBeNull();
    expect(errorFor('payment_password_wrong', 'paymentPassword')).toBe('payment_password_wrong');
    expect(errorFor('amount_out_of_range', 'amount')).toBe('amount_out_of_range');
    // The money request machine's own check of what was typed (src/machines/moneyRequest.ts).
    expect(errorFor('amount_invalid', 'amount')).toBe('amount_invalid');
  });

  it("puts the contract form's rate refusals under the rate", () => {
    for (const code of [
      'contract_rate_above_held',
      'contract_rate_above_cap',
      'contract_term_rate',
    ])
      expect(errorField(code)).toBe('rate');
    expect(errorField('contract_term_profitLoss')).toBe('profitLoss');
  });

  it('lets the server name the field, and sends the rest to the whole form', () => {
    expect(errorField('field_invalid', 'mobile')).toBe('mobile');
    expect(errorField('network')).toBeNull();
    const fields = ['amount', 'paymentPassword'];
    expect(errorFor('network', '*', fields)).toBe('network');
    expect(errorFor('payment_password_wrong', '*', fields)).toBeNull();
    // A field the form does not have: the whole form's, so it is not lost.
    expect(errorFor('contract_rate_above_held', '*', fields)).toBe('contract_rate_above_held');
    expect(errorFor(null, '*', fields)).toBeNull();
  });
});
