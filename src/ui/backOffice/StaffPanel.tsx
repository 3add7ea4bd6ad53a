import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffAccountView } from '../../shared/backOfficeAdmin';
import type { StaffRole } from '../../shared/staffRoles';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { DataTable, type DataColumn } from '../components/DataTable';
import { EmptyState } from '../components/EmptyState';
import { QueryFallback } from '../components/QueryFallback';
import { shownValue, useQuery } from '../hooks/useQuery';
import { AddStaff } from './AddStaff';
import { ManageStaff } from './ManageStaff';
import { PasswordOnce } from './PasswordOnce';
import type { PanelProps } from './panelProps';
import './admin.css';

/**
 * Staff and roles (issue 30), the admin's: every staff account with its roles, status,
 * two-factor and when last seen; a new account with its roles (the generated password shown
 * once); and per account its roles (with a reason for the audit trail), disable or enable, a
 * new password, and a two-factor reset. The server refuses an admin removing their own admin
 * access and the last admin's; the page says so before asking.
 */
export function StaffPanel({ office, me }: PanelProps) {
  const { t, i18n } = useTranslation();
  const staff = useQuery('back-office-staff', (signal) => office.admin.staff(signal));
  const rows = shownValue(staff.state);
  const [password, setPassword] = useState<{ name: string; password: string } | null>(null);
  const [managing, setManaging] = useState<string | null>(null);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const roleName = (role: StaffRole) => t(`backOffice.role.${role}`);

  const columns: DataColumn<StaffAccountView>[] = [
    {
      id: 'name',
      label: t('backOffice.admin.name'),
      cell: (row) => <strong>{row.name}</strong>,
      sortValue: (row) => row.name,
      csv: (row) => row.name,
    },
    {
      id: 'displayName',
      label: t('backOffice.admin.displayName'),
      cell: (row) => row.displayName,
      csv: (row) => row.displayName,
    },
    {
      id: 'roles',
      label: t('backOffice.admin.roles'),
      cell: (row) => (
        <span className="staff-roles">
          {row.roles.map((role) => (
            <Badge key={role} tone={role === 'admin' ? 'accent' : 'neutral'}>
              {roleName(role)}
            </Badge>
          ))}
        </span>
      ),
      sortValue: (row) => row.roles.join(','),
      csv: (row) => row.roles.join(' '),
    },
    {
      id: 'status',
      label: t('backOffice.admin.status'),
      cell: (row) =>
        row.status === 'active' ? (
          <Badge tone="success">{t('backOffice.admin.statusActive')}</Badge>
        ) : (
          <Badge tone="danger">{t('backOffice.admin.statusDisabled')}</Badge>
        ),
      sortValue: (row) => row.status,
      csv: (row) => row.status,
    },
    {
      id: 'twoFactor',
      label: t('backOffice.admin.twoFactor'),
      cell: (row) =>
        row.twoFactor ? t('backOffice.admin.twoFactorOn') : t('backOffice.admin.twoFactorOff'),
      sortValue: (row) => (row.twoFactor ? 1 : 0),
      csv: (row) => (row.twoFactor ? 'on' : 'off'),
    },
    {
      id: 'lastSeen',
      label: t('backOffice.admin.lastSeen'),
      cell: (row) =>
        row.lastSeenAt ? (
          <time dateTime={row.lastSeenAt}>{date.format(new Date(row.lastSeenAt))}</time>
        ) : (
          t('backOffice.admin.never')
        ),
      sortValue: (row) => row.lastSeenAt ?? '',
      csv: (row) => row.lastSeenAt ?? '',
    },
    {
      id: 'manage',
      label: t('backOffice.admin.manage'),
      cell: (row) => (
        <Button
          variant="secondary"
          onClick={() => setManaging(row.name)}
          aria-label={t('backOffice.admin.manageTitle', { name: row.name })}
          data-testid="staff-manage"
        >
          {t('backOffice.admin.manage')}
        </Button>
      ),
    },
  ];

  const selected = rows?.find((row) => row.name === managing) ?? null;

  return (
    <div className="admin-panel" data-testid="staff-panel">
      {password && (
        <PasswordOnce
          key={password.password}
          name={password.name}
          password={password.password}
          onDone={() => setPassword(null)}
        />
      )}
      <Card title={t('backOffice.admin.staffList')}>
        {!rows ? (
          <QueryFallback state={staff.state} onRetry={staff.refresh} lines={4} />
        ) : rows.length === 0 ? (
          <EmptyState title={t('backOffice.admin.staffEmpty')} icon="user" />
        ) : (
          <DataTable
            items={rows}
            columns={columns}
            rowKey={(row) => row.id}
            testId="staff-list"
            caption={t('backOffice.admin.staffList')}
            filterText={(row) => `${row.name} ${row.displayName} ${row.roles.join(' ')}`}
            exportName="staff"
            initialSort={{ column: 'name', direction: 'ascending' }}
          />
        )}
      </Card>
      {selected && (
        <ManageStaff
          key={selected.name}
          office={office}
          account={selected}
          self={selected.name === me.name}
          onChanged={staff.refresh}
          onPassword={setPassword}
          onClose={() => setManaging(null)}
        />
      )}
      <AddStaff
        office={office}
        onAdded={(added) => {
          setPassword(added);
          staff.refresh();
        }}
      />
    </div>
  );
}
