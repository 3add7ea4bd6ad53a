// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAnnouncementsApi } from '../../../src/api/announcements';
import { readEarlyCalls } from '../../../src/api/earlyCalls';
import { createHttp, type Http } from '../../../src/api/http';
import { answerKey, BOOT_ANSWERS_ID, STATUS_PATH } from '../../../src/shared/bootAnswers';
import {
  EARLY_CALL_KEYS,
  EARLY_CALLS_GLOBAL,
  earlyCallsScript,
  MEMBER_INFO_PATH,
} from '../../../src/shared/earlyCalls';
import { SESSION_KEYS } from '../../../src/shared/identity';
import { FIRST_LOGIN_KEY } from '../../../src/ui/core/popupKeys';

const holder = window as unknown as Record<string, unknown>;
const fetchMock = vi.fn<typeof fetch>();

const envelope = (value: unknown, success = true) =>
  new Response(JSON.stringify({ success, value, code: success ? undefined : 'not_logged_in' }), {
    headers: { 'content-type': 'application/json' },
  });

/** The page's head script, as the server sends it. */
function runScript() {
  new Function(earlyCallsScript())();
}

/** The key of the announcements call the app makes (src/app/services.ts). */
async function appAnnouncementsKey(language: string, execution: ('A' | 'B' | 'F')[]) {
  let key = '';
  const recording = {
    get: async (path: string, options?: { searchParams?: Record<string, string> }) => {
      key = answerKey(path, options?.searchParams ?? {});
      return null;
    },
  } as unknown as Http;
  await createAnnouncementsApi(recording).list({ language, execution });
  return key;
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => envelope({ account: 'player1' }));
  vi.stubGlobal('fetch', fetchMock);
  sessionStorage.clear();
  localStorage.clear();
  document.documentElement.lang = 'en';
  document.head.innerHTML = '';
  delete holder[EARLY_CALLS_GLOBAL];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the page head's early calls", () => {
  it('reads the storage keys the app writes', () => {
    expect(EARLY_CALL_KEYS.token).toBe(SESSION_KEYS.token);
    expect(EARLY_CALL_KEYS.firstLogin).toBe(FIRST_LOGIN_KEY);
  });

  it('ask for nothing without a stored session', () => {
    runScript();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(holder[EARLY_CALLS_GLOBAL]).toBeUndefined();
  });

  it("ask for the member's info and announcements with the app's headers and keys", async () => {
    sessionStorage.setItem(SESSION_KEYS.token, 'tok-1');
    localStorage.setItem(EARLY_CALL_KEYS.language, 'es');
    const boot = document.createElement('script');
    boot.id = BOOT_ANSWERS_ID;
    boot.type = 'application/json';
    boot.textContent = JSON.stringify({
      [STATUS_PATH]: { info: { brand: { merchantCode: 'AURORA' } } },
    });
    document.head.append(boot);
    runScript();

    expect(fetchMock).toHaveBeenCalledTimes(2);
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toEqual([MEMBER_INFO_PATH, await appAnnouncementsKey('ES', ['A', 'B'])]);
    const headers = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers).toEqual({
      Authorization: 'Bearer tok-1',
      'X-Gateway-Version': '3',
      Merchant: 'AURORA',
      Language: 'ES',
    });
    const found = holder[EARLY_CALLS_GLOBAL] as {
      token: string;
      language: string;
      calls: Record<string, unknown>;
    };
    expect(found.token).toBe('tok-1');
    expect(found.language).toBe('ES');
    expect(Object.keys(found.calls)).toEqual(urls);
  });

  it("ask for the first login's pop-ups too on the session of an account's first login", async () => {
    sessionStorage.setItem(SESSION_KEYS.token, 'tok-1');
    sessionStorage.setItem(FIRST_LOGIN_KEY, '1');
    document.documentElement.lang = 'ko';
    runScript();
    expect(String(fetchMock.mock.calls[1]![0])).toBe(
      await appAnnouncementsKey('KO', ['A', 'B', 'F']),
    );
    const headers = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers.Merchant).toBe('DEFAULT');
  });
});

describe("the app's calls take the early answers", () => {
  const httpWith = (token: string, language = 'EN') =>
    createHttp(
      {
        merchantCode: () => 'DEFAULT',
        language: () => language,
        token: () => token,
        earlyCall: readEarlyCalls(),
      },
      'http://127.0.0.1/',
    );

  it('once, for the same call and token, without asking again', async () => {
    sessionStorage.setItem(SESSION_KEYS.token, 'tok-1');
    runScript();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const http = httpWith('tok-1');
    expect(await http.get(MEMBER_INFO_PATH)).toEqual({ account: 'player1' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Taken: a second asker asks the server.
    await http.get(MEMBER_INFO_PATH);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    // The script's global is read once and removed.
    expect(holder[EARLY_CALLS_GLOBAL]).toBeUndefined();
  });

  it('not in another language (the member info names the VIP level in it)', async () => {
    sessionStorage.setItem(SESSION_KEYS.token, 'tok-1');
    runScript();
    await httpWith('tok-1', 'ES').get(MEMBER_INFO_PATH);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('not for another token, and a failed answer is asked again', async () => {
    sessionStorage.setItem(SESSION_KEYS.token, 'tok-1');
    runScript();
    const other = httpWith('tok-2');
    await other.get(MEMBER_INFO_PATH);
    expect(fetchMock).toHaveBeenCalledTimes(3);

    fetchMock.mockImplementationOnce(async () => envelope(null, false));
    runScript();
    fetchMock.mockImplementation(async () => envelope({ account: 'again' }));
    const http = httpWith('tok-1');
    expect(await http.get(MEMBER_INFO_PATH)).toEqual({ account: 'again' });
  });
});
