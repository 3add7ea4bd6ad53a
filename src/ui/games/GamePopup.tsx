import { useTranslation } from 'react-i18next';
import { GAME_POPUP_SIZE } from '../../shared/gameLaunch';
import { Button } from '../components/Button';
import { useErrorText } from '../components/forms/useErrorText';
import { Modal } from '../components/Modal';
import { useLaunchFallback } from './useLaunchFallback';

/**
 * Spec 2 "game popup": the launched game in an iframe window of 440 × 750. Under it, the launch
 * fallback (GCS_gameLaunchFB, issue 16): when the game does not open here, the same game
 * session in the whole window.
 */
export function GamePopup({
  game,
  onClose,
}: {
  game: { url: string; title: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const fallback = useLaunchFallback();
  return (
    <Modal
      name="game"
      title={game?.title}
      open={game !== null}
      onClose={onClose}
      scrollable={false}
    >
      {game && (
        <>
          <iframe
            className="game-frame"
            src={game.url}
            title={game.title}
            width={GAME_POPUP_SIZE.width}
            height={GAME_POPUP_SIZE.height}
          />
          <p className="game-fallback">
            <Button
              variant="ghost"
              size="sm"
              busy={fallback.state.kind === 'moving'}
              onClick={() => void fallback.open(game.url)}
              data-testid="game-fallback"
            >
              {t('games.openWhole')}
            </Button>
          </p>
          {fallback.state.kind === 'failed' && <p role="alert">{errorText(fallback.state.code)}</p>}
        </>
      )}
    </Modal>
  );
}
