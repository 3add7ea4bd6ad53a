import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { usePopups } from '../../popups/PopupContext';
import type { ReactNode } from 'react';
import { AccountRecord, BonusRecord, DepositRecord, ProfitRecord } from './records/RecordPages';
import { BettingRecordPage } from './records/BettingRecordPage';
import { ContractList } from '../../contracts/ContractList';
import { DepositPage } from './wallet/DepositPage';
import { WithdrawPage } from './withdraw/WithdrawPage';
import { TransferUplinePage } from './wallet/TransferUplinePage';
import { WalletTransferPage } from './wallet/WalletTransferPage';
import { Inbox } from '../../messages/Inbox';
import { UnreadBadge } from '../../messages/UnreadBadge';

/** Spec 2 "Member centre pages"; securityCenter (My Account) is the default. */
export const memberPages = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
  'vip',
  'depositRecord',
  // Spec 6 "Player: ... contracts": the contracts offered by the upline (our page name).
  'contracts',
] as const;

/** The pages built so far; the others show the empty state until their issue lands. */
const pageContent: Partial<Record<string, () => ReactNode>> = {
  depositv2: () => <DepositPage />,
  depositRecord: () => <DepositRecord />,
  transferFund: () => <WalletTransferPage />,
  transferUpline: () => <TransferUplinePage />,
  withdraw: () => <WithdrawPage />,
  personalHistoryCopy: () => <BettingRecordPage />,
  transactionHistory: () => <AccountRecord />,
  personalProfit: () => <ProfitRecord />,
  bonusDetails: () => <BonusRecord />,
  contracts: () => <ContractList role="downline" testId="my-contracts" />,
  messageV2: () => <Inbox testId="member-inbox" />,
};

/** Lazy section MemberCenter: the page list now, each page's content with its issue. */
export default function MemberCenterPage() {
  const { t } = useTranslation();
  const { page = 'securityCenter' } = useParams();
  const known = (memberPages as readonly string[]).includes(page);
  const { open } = usePopups();
  return (
    <div className="member-centre" data-testid="member-centre">
      <nav aria-label={t('menu.memberCentre')} className="member-nav">
        <ul>
          {memberPages.map((name) => (
            <li key={name}>
              <NavLink to={`/member/${name}`}>
                {t(`member.${name}`)}
                {name === 'messageV2' && <UnreadBadge />}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="member-page" data-testid={`member-page-${page}`}>
        <h1>{known ? t(`member.${page}`) : t('notFound.title')}</h1>
        {page === 'securityCenter' && (
          <button
            type="button"
            className="button secondary"
            onClick={() => open('changePassword')}
            data-testid="change-password"
          >
            {t('auth.changePasswordTitle')}
          </button>
        )}
        {pageContent[page]?.() ?? (
          <EmptyState title={t('section.emptyTitle')}>
            <p>{t('section.emptyBody')}</p>
          </EmptyState>
        )}
      </div>
    </div>
  );
}
