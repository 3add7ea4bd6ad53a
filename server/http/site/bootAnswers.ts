import type { FastifyRequest } from 'fastify';
import { gameIconUrl, gameTitle } from '../../../src/shared/gameItem';
import { pickCdnBase, resolveImage } from '../../../src/shared/gameImages';
import { gameTypeTabs } from '../../../src/shared/gameLanes';
import { offersFreeTrial } from '../../../src/shared/gameLaunch';
import { answerKey, BOOT_ANSWERS_ID, STATUS_PATH } from '../../../src/shared/bootAnswers';
import type { Envelope } from '../../../src/shared/envelope';
import {
  GAME_LIST_PAGE_SIZE,
  GAME_LIST_PATH,
  GAME_LIST_PRIORITY_CARDS,
  GAME_LIST_ROUTES,
  gameListParams,
} from '../../../src/shared/gameListQuery';
import type { GameCategoryVendors, GameListPage } from '../../../src/shared/games';
import type { PlatformConfig } from '../../config/schema';
import { buildStatusInfo, buildStatusResponse } from '../../domain/system/statusReport';
import type { ShellDeps } from './appShell';
import { type FirstPaintCard, gameListFirstPaint } from './firstPaint';

/*
 * What the page the server sends knows before its scripts run (issue 12): the answers of its
 * first GET calls (boot answers) and, on a game list, its phone's first screen.
 */

/** The request's path, lower-cased (React Router matches paths case-insensitively), no `/` tail. */
export function routePath(url: string): string {
  const pathname = (url.split('?')[0] ?? '/').toLowerCase();
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** The providers of every category (GCSGAME_newGameVendor), as the game list page asks. */
const VENDORS_PATH = '/wps/relay/GCSGAME_newGameVendor';

/** The status info is the configuration's: built once per configuration object. */
const statusInfos = new WeakMap<PlatformConfig, ReturnType<typeof buildStatusInfo>>();

/** The game list call a list route (/rng?vassalage=PG…) makes first, as the page makes it. */
export function gameListCall(
  url: string,
  language: string,
  merchantCode: string,
): { path: string; query: Record<string, string | number> } | null {
  const gameType = GAME_LIST_ROUTES[routePath(url) as keyof typeof GAME_LIST_ROUTES];
  if (!gameType) return null;
  const vassalage = new URLSearchParams(url.split('?')[1] ?? '').get('vassalage') || undefined;
  const query = gameListParams(
    {
      gameType,
      pageNo: 1,
      pageSize: GAME_LIST_PAGE_SIZE,
      language: language.toUpperCase(),
      vassalage,
    },
    merchantCode,
  );
  return { path: GAME_LIST_PATH, query };
}

/**
 * The answers of the first GET calls the page makes (src/shared/bootAnswers.ts), put into the
 * page: always the visitor's system status, so its face (app, maintenance, region block) does
 * not wait for a round trip after the scripts have run; on a game list route also its first
 * page of games, asked of this server as the page would ask it, and preloads of the pictures
 * of its first cards. JSON in a data block, `<` escaped so no text in it can close the element.
 */
export async function bootAnswers(
  request: FastifyRequest,
  deps: ShellDeps,
  language: string,
): Promise<{ script: string; images: string[]; firstPaint: string | null }> {
  let info = statusInfos.get(deps.config);
  if (!info) {
    info = buildStatusInfo(deps.config);
    statusInfos.set(deps.config, info);
  }
  const visitor = deps.visitorOf(request.raw);
  const status = buildStatusResponse(
    info,
    deps.maintenance.get(),
    visitor,
    deps.region.isRestricted(visitor),
  );
  const answers: Record<string, unknown> = { [answerKey(STATUS_PATH)]: status };
  const images: string[] = [];
  let firstPaint: string | null = null;
  const list =
    status.maintenance || status.regionRestriction
      ? null
      : gameListCall(request.url, language, deps.config.brand.merchantCode);
  if (list) {
    const query = new URLSearchParams(
      Object.entries(list.query).map(([name, value]) => [name, String(value)]),
    );
    const ask = <T>(url: string) =>
      request.server
        .inject({
          method: 'GET',
          url,
          headers: { language: language.toUpperCase(), merchant: deps.config.brand.merchantCode },
        })
        .then((answer) => {
          const envelope = answer.statusCode === 200 ? (answer.json() as Envelope<T>) : null;
          return envelope?.success && envelope.value ? envelope.value : null;
        })
        .catch(() => null);
    // The providers' pills too (the page's GCSGAME_newGameVendor, as it asks it).
    const vendorQuery = { platform: 'html5-desktop', merchantCode: deps.config.brand.merchantCode };
    const [page, categories] = await Promise.all([
      ask<GameListPage>(`${list.path}?${query}`),
      ask<GameCategoryVendors[]>(`${VENDORS_PATH}?${new URLSearchParams(vendorQuery)}`),
    ]);
    if (categories) answers[answerKey(VENDORS_PATH, vendorQuery)] = categories;
    if (page) {
      answers[answerKey(list.path, list.query)] = page;
      // The pictures' host is the page's pick among the image CDNs: known here only when
      // there is one (or none: this site).
      if (deps.config.imageCDNs.length <= 1) {
        const base = pickCdnBase(deps.config.imageCDNs);
        const cards: FirstPaintCard[] = [];
        for (const game of page.games.slice(0, GAME_LIST_PRIORITY_CARDS)) {
          const image = gameIconUrl(game, base);
          if (!image) continue;
          images.push(image);
          cards.push({
            title: gameTitle(game),
            vendorName: game.displayName,
            image,
            freeTrial: offersFreeTrial(game),
            favourite: game.isGame !== 'VASSALAGE',
          });
        }
        // A phone's first screen of the list, when everything it shows is known.
        const gameType = String(list.query.gameType);
        const vendors = categories?.find((category) => category.gameCategory === gameType);
        if (vendors && cards.length === page.games.slice(0, GAME_LIST_PRIORITY_CARDS).length) {
          firstPaint = gameListFirstPaint({
            language,
            brand: deps.config.brand.name,
            type: gameType.toLowerCase(),
            vendors: vendors.vendors.map((vendor) => ({
              vassalage: vendor.vassalage,
              displayName: vendor.displayName,
              hasLogo: resolveImage(base, vendor.images?.small) !== null,
            })),
            vassalage: typeof list.query.vassalage === 'string' ? list.query.vassalage : undefined,
            subtypes:
              gameType === 'RNG' ? gameTypeTabs(deps.config.brand.languages, ['SC', 'VP']) : null,
            cards,
          });
        }
      }
    }
  }
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  return {
    script: `<script id="${BOOT_ANSWERS_ID}" type="application/json">${json}</script>`,
    images,
    firstPaint,
  };
}
