import { useTranslation } from 'react-i18next';
import { MAX_TEAM_DEPTH, MEMBER_STATUSES } from '../../../shared/agentReports';
import { Badge } from '../../components/Badge';
import { ReportView } from '../ReportView';
import { useTime } from '../useTime';

/** How many levels the filter offers; deeper members are still listed under "all". */
const LEVEL_CHOICES = Math.min(MAX_TEAM_DEPTH, 10);

/** downlineManagmentView (team management): the team by account, level and status. */
export function TeamMembersPage() {
  const { t } = useTranslation();
  const time = useTime();
  return (
    <ReportView
      kind="members"
      testId="team-members"
      dates={false}
      emptyText={t('agentOffice.members.empty')}
      rowKey={(item) => item.id}
      filters={[
        { name: 'account', label: t('agentOffice.account'), kind: 'text' },
        {
          name: 'level',
          label: t('agentOffice.level'),
          kind: 'select',
          options: Array.from({ length: LEVEL_CHOICES }, (_, index) => ({
            value: String(index + 1),
            label:
              index === 0
                ? t('agentOffice.members.direct')
                : t('agentOffice.levelN', { level: index + 1 }),
          })),
        },
        {
          name: 'status',
          label: t('agentOffice.members.status'),
          kind: 'select',
          options: MEMBER_STATUSES.map((status) => ({
            value: status,
            label: t(`agentOffice.members.status_${status}`),
          })),
        },
      ]}
      columns={[
        { id: 'account', label: t('agentOffice.account'), cell: (item) => item.account },
        { id: 'nickname', label: t('agentOffice.members.nickname'), cell: (item) => item.nickname },
        {
          id: 'level',
          label: t('agentOffice.level'),
          numeric: true,
          cell: (item) => item.level,
        },
        {
          id: 'kind',
          label: t('agentOffice.members.kind'),
          cell: (item) => t(`agentOffice.kind_${item.kind}`),
        },
        {
          id: 'upline',
          label: t('agentOffice.members.upline'),
          cell: (item) => item.uplineAccount,
        },
        {
          id: 'status',
          label: t('agentOffice.members.status'),
          // A member on a break or self-excluded is marked, without the kind or the end
          // (issue 17): the agent needs to know not to offer anything, nothing more.
          cell: (item) => (
            <>
              {t(`agentOffice.members.status_${item.status}`)}
              {item.excluded && (
                <>
                  {' '}
                  <Badge tone="danger">{t('agentOffice.members.excluded')}</Badge>
                </>
              )}
            </>
          ),
        },
        {
          id: 'directMembers',
          label: t('agentOffice.members.directMembers'),
          numeric: true,
          cell: (item) => item.directMembers,
        },
        {
          id: 'createdAt',
          label: t('agentOffice.members.registered'),
          cell: (item) => time(item.createdAt),
        },
        {
          id: 'lastLoginAt',
          label: t('agentOffice.members.lastLogin'),
          cell: (item) => (item.lastLoginAt ? time(item.lastLoginAt) : '—'),
          // Never logged in: an empty cell in the file, not the screen's dash.
          csv: (item) => (item.lastLoginAt ? time(item.lastLoginAt) : null),
        },
      ]}
    />
  );
}
