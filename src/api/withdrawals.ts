import type { Page } from '../shared/records';
import type {
  PlayerWithdrawalAnswer,
  WithdrawalStatus,
  WithdrawalView,
  WithdrawInfo,
} from '../shared/withdrawals';
import type { Http } from './http';
import type { SealedCalls } from './sealedCalls';

/** Withdrawal calls (paths ours: the spec names the page, not its calls). */
export function createWithdrawalApi(http: Http, sealed: SealedCalls) {
  return {
    info: () => http.get<WithdrawInfo>('/wps/withdraw/info'),
    setPaymentPassword: (body: { loginPassword: string; paymentPassword: string }) =>
      sealed<null>('post', '/wps/member/paymentPassword', body),
    request: (body: { amount: string; paymentPassword: string; idempotencyKey: string }) =>
      sealed<WithdrawalView>('post', '/wps/withdraw', body),
    records: (query: { page: number; status?: WithdrawalStatus }) =>
      http.get<Page<WithdrawalView>>('/wps/withdraw/records', {
        searchParams: { page: query.page, ...(query.status ? { status: query.status } : {}) },
      }),
    /** The image goes as the raw body (png or jpg, at most 5 MB); answers its id. */
    uploadProof: (image: Blob) =>
      http.post<{ id: string }>('/wps/withdraw/proof', undefined, {
        body: image,
        headers: { 'content-type': image.type },
        timeout: 120_000,
      }),
    answer: (
      id: string,
      body: { answer: PlayerWithdrawalAnswer; proofImageId?: string; receivedAmount?: string },
    ) => http.post<WithdrawalView>(`/wps/withdraw/${encodeURIComponent(id)}/answer`, body),
  };
}

export type WithdrawalApi = ReturnType<typeof createWithdrawalApi>;
