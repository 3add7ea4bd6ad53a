import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { createVendorImages } from '../../shared/gameImages';
import { LazyImage } from '../games';
import { useImageBase } from '../games';
import { useVendors } from '../games';

/** Spec 2 "sports entrance image": the first sports vendor's picture, leading to /sports. */
export function SportsEntrance() {
  const { t } = useTranslation();
  const imageBase = useImageBase();
  const { categories } = useVendors();
  const vendor = categories?.find((category) => category.gameCategory === 'SPORTS')?.vendors[0];
  if (!vendor) return null;
  return (
    <Link to="/sports" className="sports-entrance" data-testid="sports-entrance">
      <LazyImage
        src={createVendorImages(imageBase).submenu('SPORTS', vendor.vassalage)}
        alt={t('games.sports')}
      />
      <span>{t('games.sports')}</span>
    </Link>
  );
}
