import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import type { PointConfigView } from '../../../src/shared/points';
import type { DeliveryDefaults } from '../../../src/shared/deliveryAddress';
import { convertPoints, listGoods, pointBalance, pointHistory } from '../../domain/points/points';
import {
  lastDeliveryAddress,
  memberRedemptions,
  redeemGoods,
} from '../../domain/points/redemptions';
import { checkedDelivery, deliveryCountries } from '../../domain/points/delivery';
import { sessionOf } from '../auth';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';
import { requestLanguage } from '../language';
import type { RelayTable } from '../relay/dispatcher';
import { foldAccruals } from '../../domain/accruals/fold';

const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '8-64 letters, digits, _ or -');
const historyQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(50).default(20),
  })
  .strict();
const convertBody = z
  .object({ points: z.number().int().min(1).max(1_000_000_000), idempotencyKey })
  .strict();
/**
 * The address's shape only: which parts, each a string. What they hold (required parts, lengths
 * counted as a person counts, one line, the phone's digits, a country delivered to) is checked
 * with the shared rules, each refusal with its part's own code. The bound here only keeps a
 * part from being a document (a part the rules take is far shorter).
 */
const part = z.string().max(2_000);
const deliveryBody = z
  .object({
    recipient: part,
    phone: part,
    line1: part,
    line2: part.default(''),
    city: part,
    postcode: part.default(''),
    country: part,
  })
  .strict();
const redeemBody = z
  .object({
    goodsId: z.string().regex(/^\d{1,18}$/, 'a goods id'),
    paymentPassword: z.string().min(1).max(64),
    idempotencyKey,
    /** Where a physical good is shipped; left out (or null) for a virtual one. */
    delivery: deliveryBody.nullable().default(null),
  })
  .strict();

/** The points calls of spec 7 (T; the two that move something also E), for real accounts. */
export function pointRelays(deps: AppDeps): RelayTable {
  return {
    MCS2_getPointBalance: {
      method: 'GET',
      auth: 'realMoney',
      // Every bet's points folded in first (issue 31), here and in the calls below.
      handle: async (request) => {
        await foldAccruals(deps);
        return { points: await pointBalance(deps.db, sessionOf(request).memberId) };
      },
    },
    getPointReward: {
      method: 'GET',
      auth: 'realMoney',
      handle: (request) => listGoods(deps.db, requestLanguage(request, deps.config)),
    },
    getRedeemPointList: {
      method: 'GET',
      auth: 'realMoney',
      handle: (request) =>
        memberRedemptions(
          deps.db,
          sessionOf(request).memberId,
          requestLanguage(request, deps.config),
        ),
    },
    getPointConfig: {
      method: 'GET',
      auth: 'realMoney',
      handle: async (): Promise<PointConfigView> => ({
        earnPerUnit: deps.config.points.earnPerUnit,
        convert: deps.config.points.convert,
      }),
    },
    ODSFE2_MemTransDet: {
      method: 'GET',
      query: historyQuery,
      auth: 'realMoney',
      handle: async (request) => {
        const { page, pageSize } = parseInput(historyQuery, request.query);
        await foldAccruals(deps);
        return pointHistory(deps.db, sessionOf(request).memberId, page, pageSize);
      },
    },
    MCS2_convertPoint: {
      method: 'POST',
      body: convertBody,
      auth: 'realMoney',
      encrypted: true,
      handle: async (request) => {
        const input = parseInput(convertBody, request.body);
        await foldAccruals(deps);
        return convertPoints(deps, sessionOf(request).memberId, input);
      },
    },
  };
}

/**
 * `passwordCheck/MCS2_redeemPointReward` (spec 7: POST, T, E): redeem one good; a physical one
 * with its delivery address, checked before the payment password is (a mistyped postcode costs
 * no password attempt). `GET /wps/points/delivery` (ours): what the redeem dialog prefills.
 */
export async function pointRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.post(
    '/wps/relay/passwordCheck/MCS2_redeemPointReward',
    { schema: { body: redeemBody }, config: { auth: 'realMoney', encrypted: true } },
    async (request) => {
      const body = parseInput(redeemBody, request.body);
      const delivery =
        body.delivery === null
          ? null
          : checkedDelivery(body.delivery, deliveryCountries(deps.config));
      await foldAccruals(deps);
      const { redemption } = await redeemGoods(
        deps,
        sessionOf(request).memberId,
        { ...body, delivery },
        requestLanguage(request, deps.config),
      );
      return ok(redemption);
    },
  );

  app.get('/wps/points/delivery', { config: { auth: 'realMoney' } }, async (request) =>
    ok<DeliveryDefaults>({
      countries: deliveryCountries(deps.config),
      last: await lastDeliveryAddress(deps.db, sessionOf(request).memberId),
    }),
  );
}
