// @vitest-environment jsdom
import i18next from 'i18next';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../src/i18n/locales/en.json';
import sections from '../../../../src/i18n/locales/sections/en.json';
import { ApiError } from '../../../../src/api/http';
import { provideFeature } from '../../../../src/app/feature';
import { authFeature, type AuthFeature } from '../../../../src/app/features/auth';
import {
  withdrawalsFeature,
  type WithdrawalsFeature,
} from '../../../../src/app/features/withdrawals';
import type { Services } from '../../../../src/app/services';
import type { SystemStatusResponse } from '../../../../src/shared/system';
import { LoginForm } from '../../../../src/ui/auth/LoginForm';
import { ServicesContext } from '../../../../src/ui/core/ServicesContext';
import { SiteInfoContext } from '../../../../src/ui/core/SiteInfoContext';
import { PaymentPasswordForm } from '../../../../src/ui/member/withdraw/PaymentPasswordForm';

/**
 * Each refusal under the field it belongs to (issue 34, finding 6): flagged (aria-invalid) and
 * described by its message; a refusal of the whole form above the button, flagging nothing.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let mounted: { root: Root; container: HTMLElement } | null = null;
afterEach(() => {
  const current = mounted;
  mounted = null;
  if (current) {
    act(() => current.root.unmount());
    current.container.remove();
  }
});

async function render(page: ReactNode, provide: (services: Services) => void) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en, sections } },
    fallbackNS: 'sections',
    interpolation: { escapeValue: false },
  });
  const services = {} as Services;
  provide(services);
  const site = { info: { whitelabel: [] } } as unknown as SystemStatusResponse;
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  mounted = { root, container };
  await act(async () => {
    root.render(
      <I18nextProvider i18n={i18n}>
        <ServicesContext.Provider value={services}>
          <SiteInfoContext.Provider value={site}>{page}</SiteInfoContext.Provider>
        </ServicesContext.Provider>
      </I18nextProvider>,
    );
  });
  const input = (name: string) => {
    const found = container.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    if (!found) throw new Error(`no input ${name}`);
    return found;
  };
  /** The text of what describes the input (its error first), or ''. */
  const description = (name: string) =>
    (input(name).getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
  const alerts = () => [...container.querySelectorAll('[role="alert"]')];
  const submit = async (values: Record<string, string>) => {
    for (const [name, value] of Object.entries(values)) input(name).value = value;
    await act(async () => {
      container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    });
    // The calls' answers arrive.
    await act(async () => {});
  };
  return { container, input, description, alerts, submit };
}

const refused = (code: string, value: unknown = null) =>
  new ApiError(code, code, 400, value) as unknown as never;

function renderLogin(login: AuthFeature['login']) {
  return render(<LoginForm portal="player" onDone={() => undefined} />, (services) =>
    provideFeature(services, authFeature, {
      proveHuman: async () => 'proof',
      login,
      captcha: async () => ({ captchaId: 'c1', image: 'data:image/png;base64,' }),
      countries: async () => [],
    } as unknown as AuthFeature),
  );
}

describe('the login form', () => {
  it('shows a wrong password under the password, with its test id', async () => {
    const login = vi.fn(() => Promise.reject(refused('invalid_credentials', { captcha: false })));
    const form = await renderLogin(login);
    await form.submit({ username: 'player3', password: 'wrong-password1' });
    expect(login).toHaveBeenCalledTimes(1);
    expect(form.input('password').getAttribute('aria-invalid')).toBe('true');
    expect(form.description('password')).toBe('Username or password is incorrect.');
    expect(form.input('username').hasAttribute('aria-invalid')).toBe(false);
    const [alert] = form.alerts();
    expect(form.alerts()).toHaveLength(1);
    expect(alert!.getAttribute('data-testid')).toBe('login-error');
  });

  it('shows an empty field under it, and a refusal of the whole form above the button', async () => {
    const login = vi.fn(() => Promise.reject(refused('throttled')));
    const form = await renderLogin(login);
    await form.submit({ username: 'player3', password: '' });
    expect(login).not.toHaveBeenCalled();
    expect(form.input('password').getAttribute('aria-invalid')).toBe('true');
    expect(form.description('password')).toBe('Please fill in the fields correctly.');

    await form.submit({ username: 'player3', password: 'Passw0rd!' });
    expect(form.input('password').hasAttribute('aria-invalid')).toBe(false);
    const [alert] = form.alerts();
    expect(form.alerts()).toHaveLength(1);
    expect(alert!.textContent).toBe('Please wait a moment and try again.');
    expect(alert!.className).toBe('form-error');
    expect(alert!.getAttribute('data-testid')).toBe('login-error');
  });

  it('shows a wrong captcha under the captcha', async () => {
    const login = vi
      .fn<AuthFeature['login']>()
      .mockRejectedValueOnce(refused('invalid_credentials', { captcha: true }))
      .mockRejectedValueOnce(refused('captcha_invalid', { captcha: true }));
    const form = await renderLogin(login);
    await form.submit({ username: 'player3', password: 'wrong-password1' });
    await act(async () => {});
    expect(form.description('password')).toBe('Username or password is incorrect.');
    await form.submit({ password: 'Passw0rd!', captcha: 'abcd' });
    await act(async () => {});
    expect(form.input('captcha').getAttribute('aria-invalid')).toBe('true');
    expect(form.description('captcha')).toContain('Captcha check failed.');
    expect(form.input('password').hasAttribute('aria-invalid')).toBe(false);
  });
});

describe('the payment password form', () => {
  async function renderForm(setPaymentPassword: WithdrawalsFeature['setPaymentPassword']) {
    return render(<PaymentPasswordForm onDone={() => undefined} />, (services) =>
      provideFeature(services, withdrawalsFeature, {
        setPaymentPassword,
      } as unknown as WithdrawalsFeature),
    );
  }

  it('shows each check under its own field', async () => {
    const set = vi.fn(() => Promise.resolve(null));
    const form = await renderForm(set);
    await form.submit({
      loginPassword: 'abc12345',
      paymentPassword: '12',
      confirmPaymentPassword: '12',
    });
    expect(form.description('paymentPassword')).toBe('The payment password must be 6 digits.');
    expect(form.input('confirmPaymentPassword').hasAttribute('aria-invalid')).toBe(false);

    await form.submit({ paymentPassword: '123456', confirmPaymentPassword: '654321' });
    expect(form.description('confirmPaymentPassword')).toBe(
      'The two payment passwords are not the same.',
    );
    expect(form.input('paymentPassword').hasAttribute('aria-invalid')).toBe(false);
    expect(set).not.toHaveBeenCalled();
  });

  it("shows a wrong login password under the login password, the server's rule under the payment password", async () => {
    const set = vi
      .fn<WithdrawalsFeature['setPaymentPassword']>()
      .mockRejectedValueOnce(refused('old_password_wrong'))
      .mockRejectedValueOnce(refused('field_invalid', { field: 'paymentPassword' }))
      .mockRejectedValueOnce(refused('too_many_requests'));
    const form = await renderForm(set);
    const values = {
      loginPassword: 'wrong999',
      paymentPassword: '123456',
      confirmPaymentPassword: '123456',
    };
    await form.submit(values);
    expect(form.input('loginPassword').getAttribute('aria-invalid')).toBe('true');
    expect(form.description('loginPassword')).toBe('The current password is not correct.');
    expect(form.input('confirmPaymentPassword').hasAttribute('aria-invalid')).toBe(false);

    await form.submit(values);
    expect(form.input('paymentPassword').getAttribute('aria-invalid')).toBe('true');
    expect(form.input('loginPassword').hasAttribute('aria-invalid')).toBe(false);

    await form.submit(values);
    for (const name of Object.keys(values))
      expect(form.input(name).hasAttribute('aria-invalid')).toBe(false);
    expect(form.alerts().map((alert) => alert.textContent)).toEqual([
      'Too many requests. Please try again later.',
    ]);
  });
});
