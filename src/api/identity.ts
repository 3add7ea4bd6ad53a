import type { Challenge } from 'altcha-lib';
import type { RegistrationRules, RegistrationSettings } from '../shared/fieldRules';
import type {
  CaptchaImage,
  ChangePasswordRequest,
  CountryCode,
  ForgotByEmailCodeRequest,
  ForgotByMobileRequest,
  LoginRequest,
  LoginResult,
  MemberInfo,
  SmsSendResult,
} from '../shared/identity';
import type { Http } from './http';
import { createSealedCalls, type SealedCalls } from './sealedCalls';

/** The identity calls of spec 7. (E) calls are sealed here; views never see the crypto. */
export function createIdentityApi(http: Http, encrypted: SealedCalls = createSealedCalls(http)) {
  return {
    /** Fetches and solves a proof-of-work challenge; resolves with the payload to send. */
    async proveHuman(): Promise<string> {
      const { challenge } = await http.get<{ challenge: Challenge }>('/wps/session/challenge');
      const { solveHumanChallenge } = await import('./humanProof');
      return solveHumanChallenge(challenge);
    },
    captcha: () => http.get<CaptchaImage>('/wps/captcha'),
    login: (request: LoginRequest) => encrypted<LoginResult>('post', '/wps/session/login', request),
    sendLoginCode: (body: { mobileNum: string; countryDialingCode: string; altcha: string }) =>
      http.post<SmsSendResult>('/wps/verification/sms/noLogin', body),
    sendRegisterCode: (body: { mobileNum: string; countryDialingCode: string; altcha: string }) =>
      http.post<SmsSendResult>('/wps/verification/sms/register', body),
    freePlay: () =>
      http.post<LoginResult>('/wps/session/login/freeplay', {
        os: navigator.platform.slice(0, 32),
        platform: 'W',
        gatewayVersion: 3,
      }),
    memberInfo: () => http.get<MemberInfo>('/wps/member/info'),
    logout: () => http.delete<null>('/wps/session/logout'),
    register: (tab: 'username' | 'mobile', payload: Record<string, unknown>) =>
      encrypted<LoginResult>(
        'put',
        tab === 'username' ? '/wps/member/register' : '/wps/member/register/mobile',
        payload,
      ),
    changePassword: (request: ChangePasswordRequest) =>
      encrypted<LoginResult>('post', '/wps/member/password', request),
    resetByEmail: (username: string, email: string) =>
      http.post<null>('/wps/member/password/email', undefined, {
        body: new URLSearchParams({ username, email }),
      }),
    /** Step two of forgot by e-mail: the mailed code and the new password; a session back. */
    resetByEmailCode: (request: ForgotByEmailCodeRequest) =>
      encrypted<LoginResult>('post', '/wps/member/password/email/reset', request),
    resetByMobile: (request: ForgotByMobileRequest) =>
      encrypted<LoginResult>('post', '/wps/member/password/verification', request),
    checkAffiliate: (code: string) =>
      http.get<boolean>('/wps/agent/affiliate', {
        searchParams: { code, domain: window.location.hostname },
      }),
    countries: () => http.get<CountryCode[]>('/wps/relay/getCountryCode'),
    registrationSettings: () => http.get<RegistrationSettings>('/wps/system/setting/register'),
    registrationRules: () =>
      http.get<RegistrationRules>('/wps/system/setting/register', {
        searchParams: { type: 'VALIDATION' },
      }),
  };
}

export type IdentityApi = ReturnType<typeof createIdentityApi>;
