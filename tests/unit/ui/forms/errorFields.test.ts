import { describe, expect, it } from 'vitest';
import {
  errorField,
  errorFor,
  FIELD_OF_CODE,
  placeError,
} from '../../../../src/ui/components/forms/errorFields';

/**
 * The forms of the site by the names their refusals are placed by (each form's inputs; the
 * login password that proves it is the member is `oldPassword` wherever it is asked).
 */
const FORMS: Record<string, readonly string[]> = {
  login: ['username', 'password', 'captcha', 'mobileNum', 'verificationCode'],
  register: [
    'username',
    'mobileNum',
    'verificationCode',
    'password',
    'confirmPassword',
    'payeeName',
    'email',
    'nickname',
    'birthday',
    'affiliateCode',
    'paymentPassword',
  ],
  forgotPassword: ['username', 'email', 'mobileNum', 'verificationCode', 'newPassword'],
  changePassword: ['oldPassword', 'newPassword', 'confirmNewPassword'],
  paymentPassword: ['oldPassword', 'paymentPassword', 'confirmPaymentPassword'],
  withdraw: ['amount', 'paymentPassword'],
  withdrawalAnswers: ['receivedAmount', 'proof'],
  deposit: ['amount'],
  transfer: ['amount'],
  feedback: ['category', 'text', 'remark', 'images'],
  rgSession: ['sessionLimit', 'realityCheck', 'timeZone'],
  rgExclusion: ['duration', 'password'],
  offerContract: ['downlineId', 'rate', 'activeMembers', 'periodBet', 'profitLoss'],
  // The points mall's redeem dialog: a physical good's delivery address, then the password.
  redeem: [
    'recipient',
    'phone',
    'line1',
    'line2',
    'city',
    'postcode',
    'country',
    'paymentPassword',
  ],
  redeemVirtual: ['paymentPassword'],
  // The Vietnamese lottery's bet slip (src/play/vnLotto): a refusal of some of its lines.
  vnSlip: ['lines'],
};

describe('which field a refusal belongs to (issue 34, finding 6)', () => {
  it('maps every code to a field of a real form', () => {
    const fields = new Set(Object.values(FORMS).flat());
    const strays = Object.entries(FIELD_OF_CODE).filter(([, field]) => !fields.has(field));
    expect(strays).toEqual([]);
  });

  it("puts a number past the house's limit on the bet slip's lines, which the answer names", () => {
    expect(errorField('number_limit')).toBe('lines');
    expect(errorField('number_limit', 'lines')).toBe('lines');
  });

  it('puts a wrong payment password under the payment password, not the amount', () => {
    expect(errorField('payment_password_wrong')).toBe('paymentPassword');
    expect(errorFor('payment_password_wrong', 'amount')).toBeNull();
    expect(errorFor('payment_password_wrong', 'paymentPassword')).toBe('payment_password_wrong');
    expect(errorFor('amount_out_of_range', 'amount')).toBe('amount_out_of_range');
    // The money request machine's own check of what was typed (src/machines/moneyRequest.ts).
    expect(errorFor('amount_invalid', 'amount')).toBe('amount_invalid');
    expect(errorField('withdrawal_daily_max')).toBe('amount');
    expect(errorField('rg_deposit_limit')).toBe('amount');
  });

  it('sets up a payment password: each check under its own field', () => {
    const fields = FORMS.paymentPassword!;
    expect(placeError('payment_password_format', fields)?.field).toBe('paymentPassword');
    expect(placeError('payment_password_mismatch', fields)?.field).toBe('confirmPaymentPassword');
    // The login password that proves it is the member.
    expect(placeError('old_password_wrong', fields)?.field).toBe('oldPassword');
    expect(placeError('too_many_requests', fields)?.field).toBeNull();
  });

  it('places the login refusals under the field they are about', () => {
    const username = ['username', 'password', 'captcha'];
    expect(placeError('invalid_credentials', username)).toEqual({
      code: 'invalid_credentials',
      field: 'password',
    });
    expect(placeError('captcha_invalid', username)?.field).toBe('captcha');
    expect(placeError('captcha_required', username)?.field).toBe('captcha');
    // The captcha box is not shown yet: the refusal is the whole form's, never lost.
    expect(placeError('captcha_required', ['username', 'password'])?.field).toBeNull();
    for (const code of ['throttled', 'account_locked', 'not_agent', 'rg_excluded'])
      expect(placeError(code, username)?.field).toBeNull();
    // The mobile tab has no password: "no such account" is the whole form's.
    const mobile = ['mobileNum', 'verificationCode'];
    expect(placeError('invalid_credentials', mobile)?.field).toBeNull();
    expect(placeError('verification_code_expired', mobile)?.field).toBe('verificationCode');
    expect(placeError('mobile_invalid', mobile)?.field).toBe('mobileNum');
  });

  it('places the registration, reset and change refusals', () => {
    const register = FORMS.register!;
    expect(placeError('username_taken', register)?.field).toBe('username');
    expect(placeError('mobile_taken', register)?.field).toBe('mobileNum');
    expect(placeError('nickname_not_allowed', register)?.field).toBe('nickname');
    expect(placeError('invitation_code_error', register)?.field).toBe('affiliateCode');
    // The server names the field its rules refuse (`value.field`).
    expect(placeError('field_invalid', register, 'email')?.field).toBe('email');
    expect(placeError('field_not_allowed', register, 'birthday')?.field).toBe('birthday');
    expect(placeError('field_invalid', register)?.field).toBeNull();
    expect(placeError('email_mismatch', FORMS.forgotPassword!)?.field).toBe('email');
    expect(placeError('old_password_wrong', FORMS.changePassword!)?.field).toBe('oldPassword');
    expect(placeError('field_invalid', FORMS.changePassword!, 'confirmNewPassword')?.field).toBe(
      'confirmNewPassword',
    );
    // The popup after a login with a temporary password does not ask for the current one.
    expect(placeError('old_password_wrong', ['newPassword', 'confirmNewPassword'])?.field).toBe(
      null,
    );
  });

  it('places the feedback and responsible-gaming refusals', () => {
    expect(errorField('feedback_image_corrupt')).toBe('images');
    expect(errorField('feedback_text_too_long')).toBe('text');
    expect(placeError('feedback_rate_limited', FORMS.feedback!)?.field).toBeNull();
    expect(placeError('rg_time_zone_invalid', FORMS.rgSession!)?.field).toBe('timeZone');
    expect(placeError('old_password_wrong', FORMS.rgExclusion!, 'password')?.field).toBe(
      'password',
    );
    expect(placeError('invalid_request', FORMS.rgExclusion!, 'duration')?.field).toBe('duration');
  });

  it('places each delivery address refusal under its part, the rest of a redemption above', () => {
    const redeem = FORMS.redeem!;
    for (const part of ['recipient', 'phone', 'line1', 'line2', 'city', 'postcode', 'country'])
      expect(placeError(`delivery_${part}_invalid`, redeem)?.field).toBe(part);
    expect(placeError('payment_password_wrong', redeem)?.field).toBe('paymentPassword');
    for (const code of ['delivery_address_required', 'out_of_stock', 'insufficient_points'])
      expect(placeError(code, redeem)?.field).toBeNull();
    // A virtual good's dialog has no address: such a refusal is never lost.
    expect(placeError('delivery_city_invalid', FORMS.redeemVirtual!)?.field).toBeNull();
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
    expect(placeError(null, fields)).toBeNull();
    expect(placeError('contract_rate_above_held', fields)).toEqual({
      code: 'contract_rate_above_held',
      field: null,
    });
  });
});
