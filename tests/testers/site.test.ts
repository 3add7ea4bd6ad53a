import { describe, expect, it } from 'vitest';
import { doctorReport } from '../../testers/paths/doctor';
import { pageRegistries } from '../../testers/paths/pages';
import {
  defenceReason,
  isDefence,
  lacking,
  plannedCode,
  type SiteProfile,
} from '../../testers/paths/site';

/**
 * How the paths tell the site defending itself from the page disagreeing with the model (issue
 * 33), and what the preflight prints for a site: both decide whether a red is a bug.
 */
const none = { devTools: false, operator: false, addresses: false };

const profile = (over: Partial<SiteProfile>): SiteProfile => ({
  ...none,
  seenAs: '127.0.0.1',
  maintenance: false,
  popups: 1,
  limits: null,
  tokenRefused: false,
  reasons: { devTools: 'no tools', operator: 'no token', addresses: 'no addresses' },
  ...over,
});

describe('the site defending itself', () => {
  it('is a 429 or one of its defences, never a refusal of what was asked', () => {
    expect(isDefence(429, undefined)).toBe(true);
    expect(isDefence(429, 'registration_limit')).toBe(true);
    expect(isDefence(400, 'captcha_required')).toBe(true);
    expect(isDefence(400, 'invalid_credentials')).toBe(false);
    expect(isDefence(400, 'field_invalid')).toBe(false);
    expect(isDefence(503, 'maintenance')).toBe(false);
  });

  it('names the lift: addresses of their own when the run shares one, else a smaller run', () => {
    const shared = defenceReason('POST /wps/member/register', 429, 'registration_limit', none);
    expect(shared).toContain('registration_limit');
    expect(shared).toContain('TRUST_PROXY=loopback');
    const own = defenceReason('POST /wps/member/register', 429, 'registration_limit', {
      ...none,
      addresses: true,
    });
    expect(own).not.toContain('TRUST_PROXY');
    expect(own).toContain('fewer paths');
    // A long wait is not in the text: reasons group by what lifts them.
    expect(defenceReason('x', 429, 'registration_limit', none, 3_400)).toBe(
      defenceReason('x', 429, 'registration_limit', none, 3_399),
    );
    expect(defenceReason('x', 429, 'too_many_requests', none, 30)).toContain('for 30 s');
  });

  it('that the path planned is no defence: the model expects it', () => {
    expect(plannedCode('captcha_required', ['submit', 'submitLogin.error:captchaRequired'])).toBe(
      true,
    );
    expect(plannedCode('captcha_required', ['editing#username#captcha_required'])).toBe(true);
    expect(plannedCode('registration_limit', ['submit', 'register.done'])).toBe(false);
  });

  it('a lack says what could not happen, why, and each setting that lifts it', () => {
    const text = lacking('reading the code the site sent', ['operator', 'devTools']);
    expect(text).toMatch(/^reading the code the site sent: /);
    expect(text).toContain('--ops-token');
    expect(text).toContain('DEV_TOOLS=1');
  });
});

describe('the doctor', () => {
  it('on a plain site: what is not run, what is cut, and what lifts it', () => {
    const report = doctorReport('http://site', profile({}), pageRegistries);
    expect(report).toMatch(/contractLifecycle\s+not run: needs the development tools/);
    expect(report).toMatch(/moneyRequest\s+not run: needs the operator's calls/);
    expect(report).toMatch(/smsCountdown\s+runs: every step/);
    expect(report).toContain('a login from an address the account was never seen at');
    expect(report).toContain('Every path comes from 127.0.0.1');
    expect(report).toContain('What lifts the cuts:');
  });

  it('on a site that gives everything: nothing cut', () => {
    const report = doctorReport(
      'http://site',
      profile({ devTools: true, operator: true, addresses: true }),
      pageRegistries,
    );
    expect(report).not.toContain('not run');
    expect(report).not.toContain('needs the');
    expect(report).toContain('Nothing is cut for lack of a setting.');
  });

  it('tells a refused token and maintenance', () => {
    const report = doctorReport(
      'http://site',
      profile({ tokenRefused: true, maintenance: true }),
      pageRegistries,
    );
    expect(report).toContain('the site refused the token given');
    expect(report).toContain('The site is in maintenance');
  });
});
