import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSiteInfo } from '../core/SiteInfoContext';

/** Spec 2 "Footer": the vendors whose logos it shows. */
export const footerVendors = ['PG', 'EG2', 'PT', 'JDB', 'CQ9', 'FC', 'JL', 'BGS'] as const;

export function Footer() {
  const { t } = useTranslation();
  const info = useSiteInfo().info;
  const social = info.resources.filter((resource) => resource.resourceType.startsWith('SOCIAL_'));
  return (
    <footer className="site-footer">
      <nav aria-label={t('footer.help')}>
        <h2>{t('footer.help')}</h2>
        <ul>
          <li>
            <Link to="/help">{t('help.title')}</Link>
          </li>
          <li>
            <Link to="/help#term">{t('footer.terms')}</Link>
          </li>
        </ul>
      </nav>
      <nav aria-label={t('footer.products')}>
        <h2>{t('footer.products')}</h2>
        <ul>
          <li>
            <Link to="/live">{t('games.live')}</Link>
          </li>
          <li>
            <Link to="/rng">{t('games.rng')}</Link>
          </li>
          <li>
            <Link to="/sports">{t('games.sports')}</Link>
          </li>
          <li>
            <Link to="/lott">{t('games.lott')}</Link>
          </li>
        </ul>
      </nav>
      {social.length > 0 && (
        <nav aria-label={t('footer.social')}>
          <h2>{t('footer.social')}</h2>
          <ul>
            {social.map((link) => (
              <li key={link.resourceType}>
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.labelNameEn ?? link.resourceType}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <ul className="vendor-logos" aria-label={t('footer.vendors')}>
        {footerVendors.map((vendor) => (
          <li key={vendor}>
            <img
              src={`/vendors/${vendor}.svg`}
              alt={vendor}
              width={64}
              height={28}
              loading="lazy"
            />
          </li>
        ))}
      </ul>
      <p className="footer-note">
        © {info.brand.name} · {t('footer.responsible')}
      </p>
    </footer>
  );
}
