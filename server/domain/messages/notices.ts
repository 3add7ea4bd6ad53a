import { contractStatusOf } from '../../../src/shared/contracts';
import type { NoticeParams, NoticeTopic } from '../../../src/shared/messages';
import type { Queryable } from '../../db/types';
import type { ContractRecord } from '../contracts/views';

/**
 * The platform's notices (src/shared/messages.ts): written inside the transaction of what they
 * tell, so a notice exists exactly when its change committed. Each answers the member ids whose
 * inbox grew, for the `message` event after the commit.
 */
async function insertNotice<T extends NoticeTopic>(
  tx: Queryable,
  memberId: string,
  topic: T,
  params: NoticeParams[T],
): Promise<void> {
  await tx.query(
    `insert into member_messages (member_id, kind, topic, params) values ($1, 'notice', $2, $3::jsonb)`,
    [memberId, topic, JSON.stringify(params)],
  );
}

/**
 * A contract request changed these contracts: the party that did not act hears of each change
 * (an offer reaches the downline; an answer, the upline; a lower-rate acceptance also tells the
 * upline that the contract it replaced ended).
 */
export async function contractNoticesWithin(
  tx: Queryable,
  contracts: readonly ContractRecord[],
  actorId: string,
): Promise<string[]> {
  const told: string[] = [];
  for (const contract of contracts) {
    const [recipient, actor] =
      contract.upline.id === actorId
        ? [contract.downline, contract.upline]
        : [contract.upline, contract.downline];
    await insertNotice(tx, recipient.id, 'contract', {
      contractId: contract.id,
      contractType: contract.contractType,
      status: contractStatusOf[contract.state],
      state: contract.state,
      rate: contract.terms.rate,
      counterpart: actor.account,
    });
    told.push(recipient.id);
  }
  return told;
}

/** A salary or dividend period was paid into the agent's wallet. */
export async function salaryNoticeWithin(
  tx: Queryable,
  agentId: string,
  params: NoticeParams['salarySettled'],
): Promise<void> {
  await insertNotice(tx, agentId, 'salarySettled', params);
}

/** The operator answered the member's feedback (issue 16). */
export async function feedbackAnswerNoticeWithin(
  tx: Queryable,
  memberId: string,
  params: NoticeParams['feedbackAnswered'],
): Promise<void> {
  await insertNotice(tx, memberId, 'feedbackAnswered', params);
}
