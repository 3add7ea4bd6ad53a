import type { TFunction } from 'i18next';
import { type ContractType, payBasisOf } from '../../../shared/contracts';
import { formatMoney, parseMoney } from '../../../shared/money';
import type { MessageView } from '../../../shared/messages';

/**
 * A contract notice that waits for its reader's answer: an offer or a termination request
 * (both reach the downline, the only side that answers them); its message links to the
 * contracts page.
 */
export function awaitsAnswer(message: MessageView): boolean {
  return (
    message.kind === 'notice' &&
    message.topic === 'contract' &&
    (message.params.state === 'offered' || message.params.state === 'terminationRequested')
  );
}

/**
 * Who earns what, after a contract notice's own sentence (issue 34): an offer reaches the
 * downline (it would be paid the rate on its team, the offering upline keeps the difference);
 * a contract in effect is news to the upline (the downline accepted, or kept it).
 */
function whoEarns(
  t: TFunction,
  state: string,
  contractType: ContractType,
  counterpart: string,
  rate: string,
) {
  // The counterpart acted: the upline offered (to this downline); the downline accepted or
  // kept the contract (told to this upline).
  const params = { upline: counterpart, downline: counterpart, rate };
  const basis = payBasisOf(contractType);
  if (state === 'offered') return t(`contracts.whoEarns_downline_current_${basis}`, params);
  if (state === 'active') return t(`contracts.whoEarns_upline_current_${basis}`, params);
  return null;
}

/**
 * A message's title and text in the reader's language: a platform notice is rendered from its
 * topic and parameters (src/shared/messages.ts); an upline message is shown as written.
 */
export function messageText(
  t: TFunction,
  message: MessageView,
  language: string,
): { title: string; text: string; from: string } {
  if (message.kind === 'upline') {
    return { title: message.subject, text: message.body, from: message.sender };
  }
  const from = t('messages.platform');
  if (message.topic === 'salarySettled') {
    const { contractType, amount, periodStart, periodEnd } = message.params;
    const at = (iso: string) =>
      new Date(iso).toLocaleString(language, { dateStyle: 'short', timeStyle: 'short' });
    return {
      title: t('messages.salaryTitle', { type: t(`contracts.type_${contractType}`) }),
      text: t('messages.salaryText', {
        amount: formatMoney(parseMoney(amount), language),
        from: at(periodStart),
        to: at(periodEnd),
      }),
      from,
    };
  }
  if (message.topic === 'feedbackAnswered') {
    const { category, answer } = message.params;
    return {
      title: t('messages.feedbackTitle', { category: t(`feedback.category_${category}`) }),
      text: answer,
      from,
    };
  }
  const { contractType, state, rate, counterpart } = message.params;
  const said = t(`messages.contract_${state}`, {
    counterpart,
    rate,
    type: t(`contracts.type_${contractType}`),
    defaultValue: t(`contracts.state_${state}`),
  });
  const earns = whoEarns(t, state, contractType, counterpart, rate);
  return {
    title: t('messages.contractTitle', { type: t(`contracts.type_${contractType}`) }),
    text: earns ? `${said} ${earns}` : said,
    from,
  };
}
