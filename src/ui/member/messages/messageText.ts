import type { TFunction } from 'i18next';
import { formatMoney, parseMoney } from '../../../shared/money';
import type { MessageView } from '../../../shared/messages';

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
  return {
    title: t('messages.contractTitle', { type: t(`contracts.type_${contractType}`) }),
    text: t(`messages.contract_${state}`, {
      counterpart,
      rate,
      type: t(`contracts.type_${contractType}`),
      defaultValue: t(`contracts.state_${state}`),
    }),
    from,
  };
}
