import { useTranslation } from 'react-i18next';
import { Modal } from '../components/Modal';
import { GameGrid } from './GameGrid';
import { useVendorName } from './useVendors';

/**
 * A vendor flagged VASSALAGE opens its games in a popup list (spec 4). Spec 9: "vendor menu
 * large layout when more than 10 games": from an eleventh game the popup widens and its grid
 * gets denser (CSS `:has()` on the eleventh card, so no count is fetched or kept; issue 16).
 */
export function VendorGamesPopup({
  vendor,
  onClose,
}: {
  vendor: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const vendorName = useVendorName();
  return (
    <Modal
      name="vendor-games"
      className="vendor-games-modal"
      title={vendor ? t('games.vendorGames', { vendor: vendorName(vendor) }) : ''}
      open={vendor !== null}
      onClose={onClose}
    >
      {vendor && (
        <GameGrid
          gameType=""
          vassalage={vendor}
          pageSize={24}
          testId="vendor-games"
          headingLevel={3}
        />
      )}
    </Modal>
  );
}
