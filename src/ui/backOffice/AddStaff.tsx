import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackOffice } from '../../app/features/backOffice';
import type { StaffRole } from '../../shared/staffRoles';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { Field } from '../components/Field';
import { useToast } from '../components/Toast';
import { useErrorText } from '../components/forms/useErrorText';
import { errorCodeOf } from '../core/apiErrors';
import { RolePicker } from './RolePicker';

/** A new staff account with its roles; its generated password goes to `onAdded`. */
export function AddStaff({
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
