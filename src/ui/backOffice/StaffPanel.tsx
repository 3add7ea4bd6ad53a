import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackOffice } from '../../app/features/backOffice';
import type { StaffAccountView } from '../../shared/backOfficeAdmin';
import { STAFF_ROLES, type StaffRole } from '../../shared/staffRoles';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { DataTable, type DataColumn } from '../components/DataTable';
import { useDialog } from '../components/DialogProvider';
import { EmptyState } from '../components/EmptyState';
import { Field } from '../components/Field';
import { QueryFallback } from '../components/QueryFallback';
import { useToast } from '../components/Toast';
import { useErrorText } from '../components/forms/useErrorText';
import { errorCodeOf } from '../core/apiErrors';
import { shownValue, useQuery } from '../hooks/useQuery';
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

/**
 * Brings a card that just opened into view: on a phone it opens away from the button that
 * asked for it (the password above the list, the account below it).
 */
function useShownOnOpen() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return ref;
}

/** Role checkboxes; `locked` ones cannot be unticked (one's own admin role). */
function RolePicker({
  value,
  onChange,
  locked = [],
  name,
}: {
  value: readonly StaffRole[];
  onChange: (roles: StaffRole[]) => void;
  locked?: readonly StaffRole[];
  name: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="staff-role-picker">
      <legend>{t('backOffice.admin.roles')}</legend>
      {STAFF_ROLES.map((role) => (
        <label key={role} className="staff-role">
          <input
            type="checkbox"
            name={name}
            value={role}
            checked={value.includes(role)}
            disabled={locked.includes(role)}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? STAFF_ROLES.filter((each) => each === role || value.includes(each))
                  : value.filter((each) => each !== role),
              )
            }
          />
          {t(`backOffice.role.${role}`)}
        </label>
      ))}
    </fieldset>
  );
}

function AddStaff({
  office,
  onAdded,
}: {
  office: BackOffice;
  onAdded: (added: { name: string; password: string }) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [roles, setRoles] = useState<StaffRole[]>(['support']);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (roles.length === 0) {
      setError(t('backOffice.admin.rolesNone'));
      return;
    }
    setBusy(true);
    setError(null);
    office.admin
      .addStaff({ name: name.trim(), displayName: displayName.trim() || null, roles })
      .then(
        (added) => {
          setBusy(false);
          setName('');
          setDisplayName('');
          setRoles(['support']);
          toast(t('backOffice.admin.added', { name: added.staff.name }), { tone: 'success' });
          onAdded({ name: added.staff.name, password: added.password });
        },
        (failure: unknown) => {
          setBusy(false);
          setError(errorText(errorCodeOf(failure)));
        },
      );
  };

  return (
    <Card title={t('backOffice.admin.staffAdd')}>
      <form className="admin-form" onSubmit={submit} noValidate data-testid="staff-add">
        <Field
          label={t('backOffice.admin.staffName')}
          name="staff-name"
          value={name}
          autoComplete="off"
          autoCapitalize="none"
          required
          hint={t('backOffice.admin.staffNameHint')}
          onChange={(event) => setName(event.target.value)}
        />
        <Field
          label={t('backOffice.admin.displayName')}
          name="staff-display-name"
          value={displayName}
          autoComplete="off"
          maxLength={40}
          hint={t('backOffice.admin.displayNameHint')}
          onChange={(event) => setDisplayName(event.target.value)}
        />
        <RolePicker value={roles} onChange={setRoles} name="staff-add-roles" />
        <p className="field-hint">{t('backOffice.admin.rolesHint')}</p>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <Button type="submit" variant="primary" busy={busy}>
          {t('backOffice.admin.add')}
        </Button>
      </form>
    </Card>
  );
}

/** A generated password, shown this once, with a copy button and how to hand it over. */
function PasswordOnce({
  name,
  password,
  onDone,
}: {
  name: string;
  password: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const copy = () => {
    navigator.clipboard.writeText(password).then(
      () => toast(t('backOffice.admin.copied'), { tone: 'success' }),
      () => toast(t('backOffice.admin.copyFailed'), { tone: 'error' }),
    );
  };
  const ref = useShownOnOpen();
  return (
    <div ref={ref}>
      <Card
        title={t('backOffice.admin.passwordTitle', { name })}
        className="staff-password"
        data-testid="staff-password"
      >
        <p className="staff-password-value">
          <code data-testid="staff-password-value">{password}</code>
        </p>
        <p>{t('backOffice.admin.passwordBody')}</p>
        <div className="admin-actions">
          <Button onClick={copy}>{t('backOffice.admin.copy')}</Button>
          <Button variant="primary" onClick={onDone}>
            {t('backOffice.admin.passwordDone')}
          </Button>
        </div>
      </Card>
    </div>
  );
}

function ManageStaff({
  office,
  account,
  self,
  onChanged,
  onPassword,
  onClose,
}: {
  office: BackOffice;
  account: StaffAccountView;
  self: boolean;
  onChanged: () => void;
  onPassword: (shown: { name: string; password: string }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const dialog = useDialog();
  const errorText = useErrorText();
  const [roles, setRoles] = useState<StaffRole[]>(account.roles);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<'roles' | 'status' | 'password' | 'twoFactor' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const name = account.name;
  const ownAdmin = self && account.roles.includes('admin');

  const failed = (failure: unknown) => {
    setBusy(null);
    setError(errorText(errorCodeOf(failure)));
  };
  const confirm = async (title: string, body: string, label: string) =>
    (await dialog({
      icon: 'warning',
      title,
      html: body,
      buttons: [
        { key: 'cancel', label: t('backOffice.admin.cancel') },
        { key: 'go', label, primary: true },
      ],
    })) === 'go';
  const needReason = () => {
    if (reason.trim()) return false;
    setError(t('backOffice.admin.reasonRequired'));
    return true;
  };
  const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

  const saveRoles = () => {
    if (roles.length === 0) return setError(t('backOffice.admin.rolesNone'));
    if (roles.join() === account.roles.join())
      return setError(t('backOffice.admin.rolesUnchanged'));
    if (needReason()) return;
    setBusy('roles');
    setError(null);
    office.admin.setRoles(name, roles, reason.trim()).then(() => {
      setBusy(null);
      setReason('');
      toast(t('backOffice.admin.rolesSaved', { name }), { tone: 'success' });
      onChanged();
    }, failed);
  };

  const switchStatus = async () => {
    const disabling = account.status === 'active';
    if (
      disabling &&
      !(await confirm(
        t('backOffice.admin.disableTitle', { name }),
        escape(t('backOffice.admin.disableBody', { name })),
        t('backOffice.admin.disable'),
      ))
    )
      return;
    setBusy('status');
    setError(null);
    office.admin.setStatus(name, disabling ? 'disabled' : 'active').then(() => {
      setBusy(null);
      toast(t(disabling ? 'backOffice.admin.disabled' : 'backOffice.admin.enabled', { name }), {
        tone: 'success',
      });
      onChanged();
    }, failed);
  };

  const resetPassword = async () => {
    if (
      !(await confirm(
        t('backOffice.admin.resetPasswordTitle', { name }),
        escape(t('backOffice.admin.resetPasswordBody', { name })),
        t('backOffice.admin.resetPassword'),
      ))
    )
      return;
    setBusy('password');
    setError(null);
    office.admin.resetPassword(name).then((reset) => {
      setBusy(null);
      onPassword({ name, password: reset.password });
      onChanged();
    }, failed);
  };

  const resetTwoFactor = async () => {
    if (needReason()) return;
    if (
      !(await confirm(
        t('backOffice.admin.resetTwoFactorTitle', { name }),
        escape(t('backOffice.admin.resetTwoFactorBody', { name })),
        t('backOffice.admin.resetTwoFactor'),
      ))
    )
      return;
    setBusy('twoFactor');
    setError(null);
    office.admin.resetTwoFactor(name, reason.trim()).then((reset) => {
      setBusy(null);
      setReason('');
      toast(t('backOffice.admin.twoFactorReset', { name, count: reset.endedSessions }), {
        tone: 'success',
      });
      onChanged();
    }, failed);
  };

  const ref = useShownOnOpen();
  return (
    <div ref={ref}>
      <Card
        title={t('backOffice.admin.manageTitle', { name })}
        data-testid="staff-detail"
        data-name={name}
        actions={
          <Button variant="ghost" onClick={onClose}>
            {t('backOffice.admin.closeManage')}
          </Button>
        }
      >
        <div className="admin-form">
          <RolePicker
            value={roles}
            onChange={setRoles}
            locked={ownAdmin ? ['admin'] : []}
            name="staff-roles"
          />
          {ownAdmin && <p className="field-hint">{t('backOffice.admin.ownAdmin')}</p>}
          <Field
            label={t('backOffice.admin.reason')}
            name="staff-reason"
            value={reason}
            maxLength={500}
            hint={t('backOffice.admin.reasonHint')}
            onChange={(event) => setReason(event.target.value)}
          />
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <div className="admin-actions">
            <Button variant="primary" busy={busy === 'roles'} onClick={saveRoles}>
              {t('backOffice.admin.saveRoles')}
            </Button>
            {!self && (
              <Button
                variant={account.status === 'active' ? 'danger' : 'secondary'}
                busy={busy === 'status'}
                onClick={() => void switchStatus()}
              >
                {account.status === 'active'
                  ? t('backOffice.admin.disable')
                  : t('backOffice.admin.enable')}
              </Button>
            )}
            <Button busy={busy === 'password'} onClick={() => void resetPassword()}>
              {t('backOffice.admin.resetPassword')}
            </Button>
            <Button
              variant="danger"
              busy={busy === 'twoFactor'}
              disabled={!account.twoFactor}
              onClick={() => void resetTwoFactor()}
            >
              {t('backOffice.admin.resetTwoFactor')}
            </Button>
          </div>
        </div>
      </Card>
    </div>
  );
}
