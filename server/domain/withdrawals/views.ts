import { toMoneyString } from '../../../src/shared/money';
import type { WithdrawalStatus, WithdrawalView } from '../../../src/shared/withdrawals';
import type { Queryable } from '../../db/types';

export interface WithdrawalRow {
  id: string;
  member_id: string;
  amount: string;
  status: WithdrawalStatus;
  proof_image_id: string | null;
  received_amount: string | null;
  remaining_amount: string | null;
  auto_confirmed: boolean;
  created_at: Date;
  updated_at: Date;
  version: string;
}

export const WITHDRAWAL_COLUMNS = `id::text, member_id::text, amount::text, status,
  proof_image_id::text, received_amount::text, remaining_amount::text, auto_confirmed,
  created_at, updated_at, version::text`;

const money = (minor: string | null) => (minor === null ? null : toMoneyString(BigInt(minor)));

export function toView(row: WithdrawalRow): WithdrawalView {
  return {
    id: row.id,
    amount: toMoneyString(BigInt(row.amount)),
    status: row.status,
    receivedAmount: money(row.received_amount),
    remainingAmount: money(row.remaining_amount),
    autoConfirmed: row.auto_confirmed,
    hasProof: row.proof_image_id !== null,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    version: Number(row.version),
  };
}

/** Locks one withdrawal for a state change (the caller holds the transaction). */
export async function lockWithdrawal(tx: Queryable, id: string): Promise<WithdrawalRow | null> {
  const [row] = await tx.query<WithdrawalRow>(
    `select ${WITHDRAWAL_COLUMNS} from withdrawals where id = $1 for update`,
    [id],
  );
  return row ?? null;
}
