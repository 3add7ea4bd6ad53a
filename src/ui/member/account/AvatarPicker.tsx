import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/Card';
import { Skeleton, SkeletonText } from '../../components/Skeleton';
import { useFirstScreenDrawn } from '../../core/firstScreen';
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
  const { icon, selected, save, choose } = useAvatar();
  // The set's eight pictures come after the page's first screen (its own picture first).
  const firstScreenDrawn = useFirstScreenDrawn();
  return (
    <Card title={t('avatar.title')} data-testid="avatar-picker">
      {icon === null ? (
        <SkeletonText lines={2} />
      ) : (
        <>
          <div className="avatar-current">
            {/* The page's largest picture: asked for before the set's. */}
            <img
              src={icon.iconUrl}
              alt={t('avatar.current')}
              width={64}
              height={64}
              fetchPriority="high"
            />
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
                {firstScreenDrawn ? (
                  <img src={choice.iconUrl} alt="" width={48} height={48} />
                ) : (
                  <Skeleton width="48px" height="48px" radius="50%" />
                )}
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
