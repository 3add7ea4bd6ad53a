import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type StaffRole } from '../../shared/staffRoles';

/** Role checkboxes; `locked` ones cannot be unticked (one's own admin role). */
export function RolePicker({
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
