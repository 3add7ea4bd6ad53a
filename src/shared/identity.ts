/**
 * Identity as both sides see it (spec 3 "Login payload", "Member info", 4 "Session", 7).
 * Declared once; the server validates these shapes with zod (server/http/identity/schemas.ts).
 */

/** Spec 3: agent types 1, 2, 41, 42; trial type 4. A regular player's type is ours: 0. */
export const AGENT_TYPES: readonly number[] = [1, 2, 41, 42];
export const TRIAL_TYPE = 4;
export const PLAYER_TYPE = 0;

export const isAgentType = (type: number): boolean => AGENT_TYPES.includes(type);
export const isTrialType = (type: number): boolean => type === TRIAL_TYPE;

/** Who a session is: a guest, or a logged-in member of one kind (spec 3 "Login state"). */
export type SessionRole = 'guest' | 'player' | 'trial' | 'agent';

/**
 * The one rule from a member's type to its role (issue 29), for the client's session and the
 * server alike: an agent type is an agent, the trial type a trial account, any other a player;
 * no member (null) is a guest.
 */
export function roleOf(member: { type: number } | null | undefined): SessionRole {
  if (!member) return 'guest';
  if (isAgentType(member.type)) return 'agent';
  if (isTrialType(member.type)) return 'trial';
  return 'player';
}

/** The default password that forces a change at the next login (spec 4, 9). */
export const DEFAULT_PASSWORD_MARK = '{secret}';

export type LoginType = 'username' | 'sms';
/** Where the login form is: the player site, or the agent landing page (agents only). */
export type LoginPortal = 'player' | 'agent';

export interface LoginRequest {
  type: LoginType;
  portal: LoginPortal;
  username?: string;
  password?: string;
  mobileNum?: string;
  countryDialingCode?: string;
  /** SMS login: the code sent by /wps/verification/sms/noLogin. */
  verificationCode?: string;
  /** Shown after failures: the answer to the captcha image and its id. */
  captcha?: string;
  captchaId?: string;
  /** Proof of work (ALTCHA payload, base64); required for password logins, not for SMS. */
  altcha?: string;
  /** Login from an unregistered IP: the code sent to the bound mobile or e-mail. */
  ipVerificationCode?: string;
}

export interface LoginResult {
  token: string;
  firstTimeLogin: boolean;
  passwordExpired: boolean;
  /** The account still has the default password ({secret}): it must be changed. */
  defaultPassword: boolean;
}

/** `value` of a failed login (spec 7: "on failure value has the captcha flag"). */
export interface LoginFailure {
  captcha: boolean;
  /** Present when the code is `ip_verification_required`. */
  ipVerification?: {
    channels: ('sms' | 'email')[];
    maskedMobile: string | null;
    maskedEmail: string | null;
  };
}

export interface MemberInfo {
  id: string;
  account: string;
  nickname: string;
  type: number;
  /** Masked, e.g. "+84 ****5678". */
  mobileNum: string | null;
  email: string | null;
  language: string | null;
  /** Spec 3 public state: a VIP level above 0, its name (the avatar's label) and number. */
  hasVip: boolean;
  vipLabelName: string;
  vipRankLevel: number;
  /** The member's avatar picture (issue 16; GET /wps/member/info/icon says which one). */
  iconUrl: string;
}

export interface SmsSendRequest {
  mobileNum: string;
  countryDialingCode: string;
  altcha: string;
}

export interface SmsSendResult {
  /** Resend waits expiredMinutes × 60 s (spec 9). */
  expiredMinutes: number;
}

export interface CaptchaImage {
  captchaId: string;
  /** A data: URL of an SVG image drawn by the server. */
  image: string;
}

/** The ALTCHA challenge the client solves before password logins, SMS sends and registration. */
export interface ChallengeResponse {
  challenge: unknown;
}

export interface ChangePasswordRequest {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

/**
 * Forgot password by e-mail, second step (ours; issue 11): the code the first step mailed to the
 * member's bound address, and the new password. The answer is a session, as by mobile.
 */
export interface ForgotByEmailCodeRequest {
  username: string;
  verificationCode: string;
  newPassword: string;
}

export interface ForgotByMobileRequest {
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
  newPassword: string;
}

export interface CountryCode {
  countryCode: string;
  countryDialingCode: string;
}

/** Session storage keys the spec names (spec 3 "Stored in session"). */
export const SESSION_KEYS = {
  token: 'token',
  nickname: 'nickname',
  account: 'account',
  username: 'username',
  customerId: 'customerId',
  isAgent: 'isAgent',
} as const;

/** Error codes of this area (the envelope's `code`); the UI translates each. */
export const identityErrorCodes = [
  'invalid_credentials',
  'captcha_required',
  'captcha_invalid',
  'account_locked',
  'account_disabled',
  'not_agent',
  'not_member',
  'ip_verification_required',
  'verification_code_invalid',
  'verification_code_expired',
  'mobile_invalid',
  'too_many_requests',
  'registration_limit',
  'throttled',
  'challenge_failed',
  'username_taken',
  'mobile_taken',
  'invitation_code_error',
  'in_need_true_account',
  'field_invalid',
  'old_password_wrong',
  'decryption_failed',
  'replayed',
  'not_logged_in',
  'email_mismatch',
] as const;
export type IdentityErrorCode = (typeof identityErrorCodes)[number];
