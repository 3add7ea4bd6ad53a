import { type ComponentType, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router-dom';
import { Button } from '../components/Button';
import { EmptyState } from '../components/EmptyState';
import { SkeletonText } from '../components/Skeleton';
import { UnreadBadge } from '../components/UnreadBadge';
import { lazyPage } from '../core/lazyPage';
import { usePopups } from '../core/PopupContext';
import { loadMemberCentrePages, RewardBadge } from '../promotions';
import { AvatarPicker } from './account/AvatarPicker';
import { scrollActiveTabIntoView } from './activeTab';
import { memberPages } from './memberPages';

/** A page of the centre that comes when it is first shown (My Account, the first, comes along). */
const centrePage = <Props extends object>(load: () => Promise<ComponentType<Props>>) =>
  lazyPage('MemberCenter', load);

const DepositPage = centrePage(() => import('./wallet/DepositPage').then((m) => m.DepositPage));
const WithdrawPage = centrePage(() =>
  import('./withdraw/WithdrawPage').then((m) => m.WithdrawPage),
);
const TransferUplinePage = centrePage(() =>
  import('./wallet/TransferUplinePage').then((m) => m.TransferUplinePage),
);
const WalletTransferPage = centrePage(() =>
  import('./wallet/WalletTransferPage').then((m) => m.WalletTransferPage),
);
const BettingRecordPage = centrePage(() =>
  import('./records/BettingRecordPage').then((m) => m.BettingRecordPage),
);
const records = () => import('./records/RecordPages');
const AccountRecord = centrePage(() => records().then((m) => m.AccountRecord));
const BonusRecord = centrePage(() => records().then((m) => m.BonusRecord));
const DepositRecord = centrePage(() => records().then((m) => m.DepositRecord));
const ProfitRecord = centrePage(() => records().then((m) => m.ProfitRecord));
const Inbox = centrePage(() =>
  import('./messages/Inbox').then((m) => () => <m.Inbox testId="member-inbox" />),
);
const FeedbackPage = centrePage(() =>
  import('./feedback/FeedbackPage').then((m) => m.FeedbackPage),
);
const MyContracts = centrePage(() =>
  import('../agent').then((m) => () => <m.ContractList role="downline" testId="my-contracts" />),
);
const promotions = loadMemberCentrePages;
const ManualRebate = centrePage(() => promotions().then((m) => m.ManualRebate));
const Missions = centrePage(() => promotions().then((m) => m.Missions));
const Referral = centrePage(() => promotions().then((m) => m.Referral));
const RewardCenter = centrePage(() => promotions().then((m) => m.RewardCenter));
const VipPage = centrePage(() => promotions().then((m) => m.VipPage));
const ResponsibleGamingPage = centrePage(() =>
  import('../responsibleGaming').then((m) => m.ResponsibleGamingPage),
);

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
  contracts: () => <MyContracts />,
  messageV2: () => <Inbox />,
  rewardCenter: () => <RewardCenter />,
  vip: () => <VipPage />,
  manualRebate: () => <ManualRebate />,
  missionLeaderboard: () => <Missions />,
  referral: () => <Referral />,
  feedback: () => <FeedbackPage />,
  responsibleGaming: () => <ResponsibleGamingPage />,
};

/** Lazy section MemberCenter: the page list now, each page's content with its issue. */
export default function MemberCenterPage() {
  const { t } = useTranslation();
  const { page = 'securityCenter' } = useParams();
  const known = (memberPages as readonly string[]).includes(page);
  const { open } = usePopups();
  const navRef = useRef<HTMLElement>(null);
  useEffect(() => scrollActiveTabIntoView(navRef.current), [page]);
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
        <Suspense fallback={<SkeletonText lines={4} />}>
          {pageContent[page]?.() ?? (
            <EmptyState title={t('section.emptyTitle')}>
              <p>{t('section.emptyBody')}</p>
            </EmptyState>
          )}
        </Suspense>
      </div>
    </div>
  );
}
