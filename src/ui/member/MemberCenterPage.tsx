import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router-dom';
import { EmptyState } from '../components/EmptyState';
import { usePopups } from '../core/PopupContext';
import { type ReactNode, useEffect, useRef } from 'react';
import { memberPages } from './memberPages';
import { AccountRecord, BonusRecord, DepositRecord, ProfitRecord } from './records/RecordPages';
import { BettingRecordPage } from './records/BettingRecordPage';
import { ContractList } from '../agent';
import { DepositPage } from './wallet/DepositPage';
import { WithdrawPage } from './withdraw/WithdrawPage';
import { TransferUplinePage } from './wallet/TransferUplinePage';
import { WalletTransferPage } from './wallet/WalletTransferPage';
import { Inbox } from './messages/Inbox';
import { FeedbackPage } from './feedback/FeedbackPage';
import { AvatarPicker } from './account/AvatarPicker';
import { UnreadBadge } from '../components/UnreadBadge';
import { Button } from '../components/Button';
import {
  ManualRebate,
  Missions,
  Referral,
  RewardBadge,
  RewardCenter,
  VipPage,
} from '../promotions';
import { ResponsibleGamingPage } from '../responsibleGaming';

/** The pages built so far; the others show the empty state until their issue lands. */
const pageContent: Partial<Record<string, () => ReactNode>> = {
  securityCenter: () => <AvatarPicker />,
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
  rewardCenter: () => <RewardCenter />,
  vip: () => <VipPage />,
  manualRebate: () => <ManualRebate />,
  missionLeaderboard: () => <Missions />,
  referral: () => <Referral />,
  feedback: () => <FeedbackPage />,
  responsibleGaming: () => <ResponsibleGamingPage />,
};

/** On a phone the page list is one row that scrolls sideways: keep the current page in view. */
function scrollActiveIntoView(nav: HTMLElement | null) {
  const active = nav?.querySelector<HTMLElement>('a.active');
  if (!nav || !active || nav.scrollWidth <= nav.clientWidth) return;
  const list = active.closest('ul');
  if (list) list.scrollLeft = active.offsetLeft - list.clientWidth / 2 + active.clientWidth / 2;
}

/** Lazy section MemberCenter: the page list now, each page's content with its issue. */
export default function MemberCenterPage() {
  const { t } = useTranslation();
  const { page = 'securityCenter' } = useParams();
  const known = (memberPages as readonly string[]).includes(page);
  const { open } = usePopups();
  const navRef = useRef<HTMLElement>(null);
  useEffect(() => scrollActiveIntoView(navRef.current), [page]);
  return (
    <div className="member-centre" data-testid="member-centre">
      <nav aria-label={t('menu.memberCentre')} className="member-nav" ref={navRef}>
        <ul>
          {memberPages.map((name) => (
            <li key={name}>
              <NavLink to={`/member/${name}`}>
                {t(`member.${name}`)}
                {name === 'messageV2' && <UnreadBadge />}
                {name === 'rewardCenter' && <RewardBadge />}
                {name === 'missionLeaderboard' && <RewardBadge missions />}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="member-page" data-testid={`member-page-${page}`}>
        <h1>{known ? t(`member.${page}`) : t('notFound.title')}</h1>
        {page === 'securityCenter' && (
          <Button onClick={() => open('changePassword')} data-testid="change-password">
            {t('auth.changePasswordTitle')}
          </Button>
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
