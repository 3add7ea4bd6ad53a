import { GAME_POPUP_SIZE } from '../../games/launch';
import { Modal } from '../components/Modal';

/** Spec 2 "game popup": the launched game in an iframe window of 440 × 750. */
export function GamePopup({
  game,
  onClose,
}: {
  game: { url: string; title: string } | null;
  onClose: () => void;
}) {
  return (
    <Modal
      name="game"
      title={game?.title}
      open={game !== null}
      onClose={onClose}
      scrollable={false}
    >
      {game && (
        <iframe
          className="game-frame"
          src={game.url}
          title={game.title}
          width={GAME_POPUP_SIZE.width}
          height={GAME_POPUP_SIZE.height}
        />
      )}
    </Modal>
  );
}
