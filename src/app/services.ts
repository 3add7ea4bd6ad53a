import type { i18n } from 'i18next';
import { createHttp } from '../api/http';
import { readToken } from '../api/sessionToken';
import { createIdentityApi } from '../api/identity';
import { createSystemApi } from '../api/system';
import { readBootAnswers } from '../api/bootAnswers';
import { readEarlyCalls } from '../api/earlyCalls';
import { answerKey, STATUS_PATH } from '../shared/bootAnswers';
import type { MessagesApi } from '../api/messages';
import type { PromotionsApi } from '../api/promotions';
import { lazyApi } from '../api/lazyApi';
import { createUnreadMessages } from '../streams/unreadMessages';
import { type AnnouncementsKey, createAnnouncements } from '../streams/announcements';
import { createAnnouncementsApi } from '../api/announcements';
import type { AnnouncementResponse, PopupExecution } from '../shared/announcements';
import type { SystemStatusResponse } from '../shared/system';
import { EARLY_CALL_KEYS } from '../shared/earlyCalls';
import { createPromotionSummary, type PromotionSummary } from '../streams/promotionSummary';
import { createRewardSummary } from '../streams/rewardSummary';
import type { RewardSummary } from '../shared/rewards';
import type { VipStatus } from '../shared/vip';
import { createMemberLive } from '../streams/memberLive';
import { createSealedCalls } from '../api/sealedCalls';
import { createWalletApi } from '../api/wallet';
import type { RgApi } from '../api/responsibleGaming';
import type { RgSession } from '../shared/responsibleGaming';
import {
  combineLatest,
  defer,
  EMPTY,
  merge,
  take,
  distinctUntilChanged,
  filter,
  from,
  fromEventPattern,
  map,
  type Observable,
  startWith,
  Subject,
  switchMap,
} from 'rxjs';
import { createSessionCache, type SessionCache } from './features/games/caching';
import { type BalanceStore, createBalanceStore } from '../streams/balance';
import { type ConsolidatedFundsStore, createConsolidatedFunds } from '../streams/consolidatedFunds';
import { createLanguageService, type LanguageService } from '../i18n/languageService';
import { SOCKET_PATH } from '../shared/realtime';
import { type OnDemandCode, socketClient } from '../streams/onDemandCode';
import { afterFirstScreen } from '../ui/core/firstScreen';
import { createRealtime, type PlatformSocket, type Realtime } from '../streams/realtime';
import { createSystemStatus, type LiveSystemStatus } from '../streams/system';
import { sessionRoleOf } from '../machines/session';
import { createSessionService, type SessionService } from './session';
import { registerWiring } from './feature';
import type { SessionRole } from '../shared/identity';

/**
 * The tab's core (issue 29, the composition root): the session, the live connection, the
 * language and the stores the shell shows on every page, built once per tab in main.tsx and
 * handed to the views through context. A feature's commands and queries are its module in
 * src/app/features (`useFeature`), built over the same client; neither exposes the client.
 */
export interface Services {
  realtime: Realtime;
  /**
   * The socket.io client's code (loaded on demand): `failed` shows the live-connection notice
   * (its "Try again" is `retry`).
   */
  socketClient: Pick<OnDemandCode<unknown>, 'state$' | 'retry'>;
  /** The site's status kept live (streams/system.ts); the systemStatus machine watches it. */
  systemStatus$: Observable<LiveSystemStatus>;
  language: LanguageService;
  session: SessionService;
  /** Spec 4: fetched on login for real accounts under the agent policy; null otherwise. */
  consolidatedFunds: ConsolidatedFundsStore;
  /** Spec 3 availablePromoCount / availablePromo for a member; null for a guest. */
  promotionSummary$: Observable<PromotionSummary | null>;
  /** The reward centre's red dot and the bonus being wagered (issue 14); null for guests. */
  rewardSummary$: Observable<RewardSummary | null>;
  /** The member's VIP level and the way to the next (issue 14), live through `vip` events. */
  vipStatus$: Observable<VipStatus | null>;
  /** The unread message count of a real account (spec 3 unreadMessage); null otherwise. */
  unreadMessages$: Observable<number | null>;
  /**
   * Banners, notices and pop-ups for the current language and login state (issue 16), kept
   * live through `announcement` events; null until the first answer.
   */
  announcements$: Observable<AnnouncementResponse | null>;
  /** Stores ask for the login popup here (a guest touched a heart); the shell opens it. */
  loginRequests$: Subject<void>;
  /**
   * The login session's start and the member's reality-check and session-limit settings, live
   * through `rg` events; null for guests and trial accounts.
   */
  rgSession$: Observable<RgSession | null>;
  /** Closes every open game (the reality check's "stop", the session limit). */
  stopPlay$: Subject<void>;
  /** GCS_merchantWallet, cached for the session (spec 4). */
  merchantWallet: SessionCache<{ isSingle: boolean }>;
  /** Whether someone is logged in (player, trial or agent). */
  loggedIn$: Observable<boolean>;
  balance: BalanceStore;
  /** The brand's merchant code goes on every call once the status has told us what it is. */
  setMerchantCode(code: string): void;
  /**
   * The answer the server put into the page for a GET of `path` with `query` (boot answers),
   * taken once: e.g. a game list's first render shows its cards without a call.
   */
  takeBootAnswer(path: string, query: Record<string, string | number>): unknown;
  /** The merchant code the calls carry now. */
  merchantCode(): string;
}

export function createServices(
  i18n: i18n,
  /** A token the page's URL brought (spec 4), for the session service to adopt. */
  options: { urlToken?: string | null } = {},
): Services {
  // The merchant code becomes the brand's once the status answers; "DEFAULT" until then.
  let merchantCode = 'DEFAULT';
  const bootAnswers = readBootAnswers();
  // The status the server put into the page gives the brand's merchant code at once (the first
  // calls of the page's first screen carry it); the status stream's first call takes it.
  const bootStatus = bootAnswers.peek(answerKey(STATUS_PATH)) as SystemStatusResponse | undefined;
  if (bootStatus?.info?.brand) merchantCode = bootStatus.info.brand.merchantCode;
  // The session service is made below, after the APIs it calls.
  let sessionEnded = () => {};
  const http = createHttp({
    merchantCode: () => merchantCode,
    language: () => i18n.language.toUpperCase(),
    token: readToken,
    tokenRefused: () => sessionEnded(),
    bootAnswer: bootAnswers.take,
    // With a stored session, the member's info and announcements the page's head asked for.
    earlyCall: readEarlyCalls(),
  });
  const systemApi = createSystemApi(http);
  // socket.io-client is its own chunk, fetched once the first screen is drawn (firstScreen.ts);
  // a failed fetch waits for the page's "Try again" (streams/onDemandCode.ts) instead of
  // failing the live streams.
  const realtime = createRealtime(
    async (): Promise<PlatformSocket> => {
      await afterFirstScreen();
      const { io } = await socketClient.get();
      return io({
        path: SOCKET_PATH,
        autoConnect: false,
        // WebSocket first, one connection from the start (no polling handshake, and no sticky
        // sessions needed behind a load balancer); long-polling only where a WebSocket fails
        // (a proxy that blocks upgrades); such a client needs sticky sessions behind a balancer.
        transports: ['websocket', 'polling'],
        tryAllTransports: true,
        auth: (callback) => callback({ token: readToken() }),
      });
    },
    { loadFailures: socketClient.failures },
  );
  const sealed = createSealedCalls(http);
  const identityApi = createIdentityApi(http, sealed);
  const walletApi = createWalletApi(http);
  // The APIs the first screen does not call come with their first call (lazyApi).
  const messagesApi = lazyApi<MessagesApi>(() =>
    import('../api/messages').then((m) => m.createMessagesApi(http)),
  );
  const promotionsApi = lazyApi<PromotionsApi>(() =>
    import('../api/promotions').then((m) => m.createPromotionsApi(http, sealed)),
  );
  const rgApi = lazyApi<RgApi>(() =>
    import('../api/responsibleGaming').then((m) => m.createRgApi(http, sealed)),
  );
  const session = createSessionService({
    identityApi,
    realtime,
    storage: sessionStorage,
    urlToken: options.urlToken ?? null,
  });
  sessionEnded = () => session.revoked();
  // An actor emits on change only: start from where it is now.
  const snapshots$ = defer(() => from(session.actor).pipe(startWith(session.actor.getSnapshot())));
  const role$: Observable<SessionRole> = snapshots$.pipe(map(sessionRoleOf));
  const loggedIn$ = role$.pipe(map((role) => role !== 'guest'));
  // The member's numbers around the page (balance, funds, badges, VIP, the reality check's
  // session) are asked for once the first screen is drawn (firstScreen.ts): on a slow phone they
  // would otherwise hold up the page's own content. Their pushes come with the socket, later too.
  // (Each subscriber waits on its own: its first call goes out in a task of its own.)
  const firstScreenDrawn$ = defer(() => afterFirstScreen());
  const laterRole$ = firstScreenDrawn$.pipe(switchMap(() => role$));
  const laterLoggedIn$ = firstScreenDrawn$.pipe(switchMap(() => loggedIn$));
  const loginRequests$ = new Subject<void>();
  // Spec 4 caching: the merchant wallet is read once per session, forgotten at logout.
  const merchantWallet = createSessionCache(() => walletApi.merchantWallet());
  loggedIn$.pipe(filter((loggedIn) => !loggedIn)).subscribe(() => merchantWallet.flush());
  const balance = createBalanceStore({
    loggedIn$: laterLoggedIn$,
    reconnected$: realtime.reconnected$,
    events$: realtime.event$('balance'),
    fetchSnapshot: () => walletApi.balance(),
  });
  const consolidatedFunds = createConsolidatedFunds({
    role$: laterRole$,
    fetch: () => walletApi.consolidatedFunds(),
    changed$: realtime.event$('contract'),
  });
  const unreadMessages$ = createUnreadMessages({
    role$: laterRole$,
    fetch: () => messagesApi.unread(),
    changed$: realtime.event$('message'),
    reconnected$: realtime.reconnected$,
  });
  const language = createLanguageService({ i18n, systemApi, storage: localStorage });
  const announcementsApi = createAnnouncementsApi(http);
  const language$ = fromEventPattern<string>(
    (handler) => i18n.on('languageChanged', handler),
    (handler) => i18n.off('languageChanged', handler),
  ).pipe(
    startWith(null),
    map(() => i18n.language.toUpperCase()),
  );
  // Spec 7 asks for execution B (public); a member also gets the after-login ones (A), and F
  // on the session of the account's first login.
  const listAnnouncements = ({ loggedIn, language }: AnnouncementsKey) => {
    const execution: PopupExecution[] = !loggedIn
      ? ['B']
      : sessionStorage.getItem(EARLY_CALL_KEYS.firstLogin)
        ? ['A', 'B', 'F']
        : ['A', 'B'];
    return announcementsApi.list({ language, execution });
  };
  // With a stored token the member's announcements are asked for now, beside the member's info,
  // not once the session is known (the page's head has usually asked already: http takes that
  // answer), so the after-login popup opens with the page. The first fetch takes this answer
  // when it asks the same (else it is dropped).
  let early = readToken()
    ? earlyAnswer({ loggedIn: true, language: i18n.language.toUpperCase() }, listAnnouncements)
    : null;
  const announcements$ = createAnnouncements({
    // Not while a stored token's member is loading: a guest's answer would be asked for first.
    key$: combineLatest([
      snapshots$.pipe(
        filter((snapshot) => !snapshot.matches('starting') && !snapshot.matches('loadingMember')),
        map((snapshot) => sessionRoleOf(snapshot) !== 'guest'),
        distinctUntilChanged(),
      ),
      language$,
    ]).pipe(map(([loggedIn, language]) => ({ loggedIn, language }))),
    fetch: (key) => {
      const answer = early?.take(key);
      early = null;
      return answer ?? listAnnouncements(key);
    },
    events$: realtime.event$('announcement'),
    reconnected$: realtime.reconnected$,
  });
  const services: Services = {
    announcements$,
    consolidatedFunds,
    loginRequests$,
    loggedIn$,
    merchantWallet,
    session,
    rgSession$: createMemberLive({
      role$: laterRole$,
      fetch: () => rgApi.session(),
      changed$: realtime.event$('rg'),
      reconnected$: realtime.reconnected$,
    }),
    stopPlay$: new Subject<void>(),
    promotionSummary$: createPromotionSummary({
      role$: laterRole$,
      fetch: () => promotionsApi.list(),
    }),
    vipStatus$: createMemberLive({
      role$: laterRole$,
      fetch: () => promotionsApi.vip(),
      changed$: realtime.event$('vip'),
      reconnected$: realtime.reconnected$,
    }),
    rewardSummary$: createRewardSummary({
      role$: laterRole$,
      fetch: () => promotionsApi.rewardSummary(),
      changed$: realtime.event$('reward'),
      reconnected$: realtime.reconnected$,
    }),
    unreadMessages$,
    balance,
    realtime,
    socketClient,
    systemStatus$: createSystemStatus({
      // The first answer is the one the server put in the page (no round trip before the
      // page can show its face); then asked once more when the socket first connects, since a
      // switch made between the page's making and the socket's joining reached no one.
      fetch: () => systemApi.status(),
      events$: realtime.event$('system'),
      reconnected$: merge(
        realtime.reconnected$,
        bootStatus
          ? realtime.connectionState$.pipe(
              filter((state) => state === 'connected'),
              take(1),
            )
          : EMPTY,
      ),
    }),
    language,
    takeBootAnswer: (path, query) => bootAnswers.take(answerKey(path, query))?.value,
    merchantCode: () => merchantCode,
    setMerchantCode: (code) => {
      merchantCode = code;
    },
  };
  // The feature modules (src/app/features) are built over the tab's client, which only the
  // composition root holds: views get modules and stores, never the client.
  registerWiring(services, { http, sealed, merchantCode: () => merchantCode });
  return services;
}

/**
 * A call made ahead of its first asker: `take(key)` gives its answer to an asker of the same key
 * (once), undefined to any other. A failure is the asker's to handle, not an unhandled one.
 */
function earlyAnswer<K extends object, T>(
  key: K,
  fetch: (key: K) => Promise<T>,
): { take(asked: K): Promise<T> | undefined } {
  const answer = fetch(key);
  answer.catch(() => undefined);
  const same = (asked: K) =>
    Object.entries(key).every(([name, value]) => asked[name as keyof K] === value);
  return { take: (asked) => (same(asked) ? answer : undefined) };
}
