import type { PathModel } from './pathModel';
import { promotionParticipationMachine } from './promotions';

const QUALIFY = 'promotion.qualify';
const APPROVE = 'promotion.approve';
const EXPIRE = { label: 'expire', event: { type: 'promotion.expire' } };

/**
 * A member's part in one promotion (issue 14 and 15): the member signs, joins or applies; the
 * system issues the reward when the member qualifies (or without an opt-in), the operator when
 * it approves an application, each with and without a wagering requirement; the member claims
 * it (paid at once, or locked until the system sees the wagering met or the member forfeits);
 * the operator rejects an application; the system expires what is left when the promotion ends.
 */
export const promotionParticipationPaths: PathModel<typeof promotionParticipationMachine> = {
  id: 'promotionParticipation',
  machine: promotionParticipationMachine,
  // A waiting reward with or without a requirement (the claim leads to process or claimed), and
  // how a participation closed, an expired reward with or without one as the server's model
  // test tells them apart; elsewhere the state decides both.
  key: ({ value, context }) => {
    const wagering = context.wagering ? 'wagering' : 'noWagering';
    if (value === 'issued') return `issued#${wagering}`;
    if (value === 'closed') return `closed#${context.outcome ?? ''}#${wagering}`;
    return String(value);
  },
  events: ({ value }) => {
    const qualify = [
      { label: 'qualify:wagering', event: { type: QUALIFY, wagering: true } },
      { label: 'qualify:noWagering', event: { type: QUALIFY, wagering: false } },
    ];
    const apply = { label: 'apply', event: { type: 'promotion.apply' } };
    switch (value) {
      case 'none':
        return [
          { label: 'sign', event: { type: 'promotion.sign' } },
          { label: 'join', event: { type: 'promotion.join' } },
          apply,
          ...qualify,
        ];
      case 'signed':
      case 'joined':
        return [...qualify, apply, EXPIRE];
      case 'applying':
        return [
          { label: 'approve:wagering', event: { type: APPROVE, wagering: true } },
          { label: 'approve:noWagering', event: { type: APPROVE, wagering: false } },
          { label: 'reject', event: { type: 'promotion.reject' } },
          EXPIRE,
        ];
      case 'issued':
        return [{ label: 'claim', event: { type: 'promotion.claim' } }, EXPIRE];
      case 'process':
        return [
          { label: 'wageringMet', event: { type: 'promotion.wageringMet' } },
          { label: 'forfeit', event: { type: 'promotion.forfeit' } },
        ];
      default:
        return [];
    }
  },
};
