import { ANNOUNCEMENTS_RELAY, SPEC_ANNOUNCEMENT_TYPES } from './announcements';
import { answerKey, BOOT_ANSWERS_ID, STATUS_PATH } from './bootAnswers';
import { SESSION_KEYS } from './identity';

/**
 * Early calls (issue 12): with a stored session, the page's two first member calls (the
 * member's info and the member's announcements) are made by a small script in the page's head,
 * while the app's scripts are still on their way, instead of after they have run. The app takes
 * each answer once (src/api/earlyCalls.ts) for its first call with the same path and query made
 * with the same token and language, within BOOT_ANSWER_MAX_AGE_MS; any other call goes out as usual, so a
 * guess of the script's that differs from the app's (another language chosen) costs a call,
 * never a wrong answer. A failed answer is asked again by the app.
 *
 * The script is static (allowed by its hash in the Content-Security-Policy) and builds its
 * calls as the app does: tests/unit/api/earlyCalls.test.ts holds its keys to the app's.
 */

/**
 * Where the script leaves its calls: `{ token, language, at, calls: { [answerKey]: Promise<json> } }`
 * (the `Language` header matters: the member's info names the VIP level in it).
 */
export const EARLY_CALLS_GLOBAL = '__earlyCalls';

export const MEMBER_INFO_PATH = '/wps/member/info';
export const ANNOUNCEMENTS_PATH = `/wps/relay/${ANNOUNCEMENTS_RELAY}`;

/** The storage keys the script reads, as the app writes them. */
export const EARLY_CALL_KEYS = {
  /** sessionStorage: the session token. */
  token: SESSION_KEYS.token,
  /** localStorage: the chosen language (spec 9 hisLang). */
  language: 'hisLang',
  /** sessionStorage: set on the login that was the account's first (execution F pop-ups). */
  firstLogin: 'announcements.firstLogin',
} as const;

/** The gateway version header the app sends (src/api/http.ts). */
export const GATEWAY_VERSION = '3';

const js = (value: string) => JSON.stringify(value);

/** The script's text (an IIFE): nothing without a stored token, and nothing on any error. */
export function earlyCallsScript(): string {
  // answerKey's canonical form: the query's parameters sorted by name.
  const announcementsQuery = answerKey(ANNOUNCEMENTS_PATH, {
    execution: '@E',
    language: '@L',
    platform: 'W',
    types: SPEC_ANNOUNCEMENT_TYPES.join(','),
  });
  const [annPath, annQuery] = announcementsQuery.split('?') as [string, string];
  return [
    '(function(){try{',
    `var t=sessionStorage.getItem(${js(EARLY_CALL_KEYS.token)});if(!t)return;`,
    `var h={Authorization:"Bearer "+t,"X-Gateway-Version":${js(GATEWAY_VERSION)}};`,
    `var b=document.getElementById(${js(BOOT_ANSWERS_ID)}),s=b?JSON.parse(b.textContent||"{}")[${js(STATUS_PATH)}]:null;`,
    'h.Merchant=s&&s.info&&s.info.brand&&s.info.brand.merchantCode||"DEFAULT";',
    `var l=(localStorage.getItem(${js(EARLY_CALL_KEYS.language)})||document.documentElement.lang||"en").toUpperCase();h.Language=l;`,
    `var e=sessionStorage.getItem(${js(EARLY_CALL_KEYS.firstLogin)})?"A,B,F":"A,B";`,
    'var c={},q=function(k){c[k]=fetch(k,{headers:h}).then(function(r){return r.json()});c[k].catch(function(){})};',
    `q(${js(MEMBER_INFO_PATH)});`,
    `q(${js(annPath)}+"?"+${js(annQuery)}.replace("%40E",encodeURIComponent(e)).replace("%40L",encodeURIComponent(l)));`,
    `window[${js(EARLY_CALLS_GLOBAL)}]={token:t,language:l,at:Date.now(),calls:c};`,
    '}catch(x){}})();',
  ].join('');
}
