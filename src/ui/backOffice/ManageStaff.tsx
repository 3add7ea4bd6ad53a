import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackOffice } from '../../app/features/backOffice';
import type { StaffAccountView } from '../../shared/backOfficeAdmin';
import type { StaffRole } from '../../shared/staffRoles';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { useDialog } from '../components/DialogProvider';
import { Field } from '../components/Field';
import { useToast } from '../components/Toast';
import { useErrorText } from '../components/forms/useErrorText';
import { errorCodeOf } from '../core/apiErrors';
import { RolePicker } from './RolePicker';
import { useShownOnOpen } from './useShownOnOpen';

/** One account's roles (with a reason), status, a new password and a two-factor reset. */
export function ManageStaff({
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
