import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/Card';
import { QueryFallback } from '../../components/QueryFallback';
import { useErrorText } from '../../components/forms/useErrorText';
import { useAvatar } from './useAvatar';

/**
 * My Account's avatar (issue 16): the member's picture and the set to choose from, as a group
 * of radio buttons (arrow keys move between them); a choice is stored at once.
 */
export function AvatarPicker() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const name = useId();
  const { query, icon, selected, save, choose } = useAvatar();
  return (
    <Card title={t('avatar.title')} data-testid="avatar-picker">
      {icon === null ? (
        <QueryFallback state={query.state} onRetry={query.refresh} lines={2} />
      ) : (
        <>
          <div className="avatar-current">
            <img src={icon.iconUrl} alt={t('avatar.current')} width={64} height={64} />
          </div>
          <fieldset className="avatar-choices" disabled={save.kind === 'saving'}>
            <legend>{t('avatar.choose')}</legend>
            {icon.choices.map((choice) => (
              <label key={choice.avatar} className="avatar-choice">
                <input
                  type="radio"
                  name={name}
                  value={choice.avatar}
                  checked={(selected ?? icon.avatar) === choice.avatar}
                  onChange={() => choose(choice.avatar)}
                />
                <img src={choice.iconUrl} alt="" width={48} height={48} />
                <span className="visually-hidden">{t(`avatar.names.${choice.avatar}`)}</span>
              </label>
            ))}
          </fieldset>
          <p role="status" aria-live="polite" data-testid="avatar-status">
            {save.kind === 'saved' && t('avatar.saved')}
          </p>
          {save.kind === 'failed' && <p role="alert">{errorText(save.code)}</p>}
        </>
      )}
    </Card>
  );
}
