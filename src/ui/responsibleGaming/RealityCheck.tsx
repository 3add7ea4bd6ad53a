import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/Button';
import { Modal } from '../components/Modal';
import { useRgFormat } from './rgFormat';
import { type RealityCheckView, useRealityCheck } from './useRealityCheck';

/**
 * The reality check over whatever is on screen, an open game included (its popup is a modal
 * too; this one opens above it and leaves it inert until answered): the time played and the
 * session's result, "keep playing" or "stop playing". At the session limit, only "log out".
 * Loaded after the login, for members only (src/ui/app/routes.tsx).
 */
export default function RealityCheck() {
  const { t } = useTranslation();
  const format = useRgFormat();
  const { shown, keepPlaying, stop } = useRealityCheck();
  // Kept through the fade-out after it is answered.
  const [last, setLast] = useState<RealityCheckView | null>(shown);
  if (shown && shown !== last) setLast(shown);
  const view = shown ?? last;
  return (
    <Modal
      name="realityCheck"
      title={view?.kind === 'sessionLimit' ? t('rg.sessionEndTitle') : t('rg.realityTitle')}
      open={shown !== null}
      onClose={keepPlaying}
      showClose={false}
      draggable={false}
      className="rg-reality"
    >
      {view?.kind === 'reality' && (
        <div className="rg-reality-body" data-testid="reality-check">
          <p>{t('rg.realityPlayed', { duration: format.duration(view.minutesPlayed) })}</p>
          <p className="rg-reality-result">
            {t('rg.realityResult')}{' '}
            <strong data-testid="reality-net">{format.signedMoney(view.session.net)}</strong>
          </p>
          <p className="reward-note">
            {t('rg.realityFigures', {
              wagered: format.money(view.session.wagered),
              won: format.money(view.session.won),
            })}
          </p>
          <div className="dialog-buttons">
            <Button onClick={stop} data-testid="reality-stop">
              {t('rg.stopPlaying')}
            </Button>
            <Button variant="primary" onClick={keepPlaying} data-testid="reality-keep">
              {t('rg.keepPlaying')}
            </Button>
          </div>
        </div>
      )}
      {view?.kind === 'sessionLimit' && (
        <div className="rg-reality-body" data-testid="session-limit-reached">
          <p>
            {t('rg.sessionEndBody', {
              duration: format.duration(view.minutes),
              end: format.date(view.breakEndsAt.toISOString()),
            })}
          </p>
          <div className="dialog-buttons">
            <Button variant="primary" onClick={stop} data-testid="session-limit-logout">
              {t('rg.logOut')}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
