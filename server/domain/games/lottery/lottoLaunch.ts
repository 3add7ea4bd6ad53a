import { LOTTERY_ROUTES, type LotteryPrizeMode } from '../../../../src/shared/games';
import type { LottoLaunch } from '../../../../src/shared/lottery';
import { ApiError } from '../../../platform/apiError';

/** The areas a lottery launch may name: the spec names VN only (spec 7 "lottoArea VN"). */
export const LOTTO_AREAS = ['VN'] as const;

/**
 * The prize modes each lottery vendor plays (spec 9 names LOTT, ZY, ELOTT, SEA; spec 4 picks
 * ELOTT or LOTT for the Vietnam and /lottery pages): the Vietnam lottery in every mode but SEA,
 * the SEA lottery in SEA, the normal lotteries in LOTT and ZY, the electronic ones in ELOTT.
 */
export const vendorPrizeModes: Readonly<Record<string, readonly LotteryPrizeMode[]>> = {
  TCG_LOTTO_VN: ['LOTT', 'ZY', 'ELOTT'],
  TCG_SEA: ['SEA'],
  LOTT: ['LOTT', 'ZY'],
  ELOTT: ['ELOTT'],
};

export interface LottoFields {
  vassalage: string;
  demo?: boolean;
  launchMode?: string;
  lottoArea?: string;
  lottoPrizeMode?: string;
  lottoGameCode?: string;
  lottoView?: 'betting' | 'lobby';
}

const refuse = (message: string) => new ApiError(400, 'invalid_request', message);

/**
 * launchGame's lottery fields (spec 7 "lottery lobby: lottoArea VN, launchMode LOTT,
 * lottoPrizeMode, lottoGameCode, lottoView"), checked together: a lottery launch needs all of
 * them to agree, and a launch that is not one may not carry them. Null for a game card's launch.
 */
export function lottoLaunchOf(body: LottoFields): LottoLaunch | null {
  const lottoFieldGiven =
    body.lottoArea !== undefined ||
    body.lottoPrizeMode !== undefined ||
    body.lottoView !== undefined ||
    body.lottoGameCode !== undefined;
  if (body.launchMode === undefined) {
    if (lottoFieldGiven) throw refuse('launchMode: lottery fields need launchMode LOTT');
    return null;
  }
  if (body.launchMode !== 'LOTT') throw refuse('launchMode: LOTT is the only launch mode');
  if (!Object.hasOwn(LOTTERY_ROUTES, body.vassalage)) {
    throw refuse(`vassalage: ${body.vassalage} is not a lottery vendor`);
  }
  if (body.demo) throw refuse('demo: lotteries have no free trial');
  if (!(LOTTO_AREAS as readonly string[]).includes(body.lottoArea ?? '')) {
    throw refuse(`lottoArea: one of ${LOTTO_AREAS.join(', ')}`);
  }
  const modes = vendorPrizeModes[body.vassalage]!;
  const prizeMode = modes.find((mode) => mode === body.lottoPrizeMode);
  if (!prizeMode) {
    throw refuse(`lottoPrizeMode: ${body.vassalage} plays ${modes.join(', ')}`);
  }
  const gameCode = body.lottoGameCode?.trim() ?? '';
  const view = body.lottoView ?? (gameCode === '' ? 'lobby' : 'betting');
  if (view === 'betting' && gameCode === '') {
    throw refuse('lottoGameCode: the betting view needs a game');
  }
  return { area: body.lottoArea!, prizeMode, view };
}
