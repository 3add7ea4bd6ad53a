import { Link } from 'react-router-dom';
import { QrCode } from '../components/QrCode';

/**
 * A QR code for an app download link (spec 2: "app download QR codes"), with its label. A
 * site-relative link (the shipped /downloads/ios and /downloads/android) opens the download
 * page in the app; an operator's absolute one (a store) is an ordinary link.
 */
export function AppQrCode({ url, label }: { url: string; label: string }) {
  const content = (
    <>
      <QrCode url={url} />
      <span>{label}</span>
    </>
  );
  if (url.startsWith('/') && !url.startsWith('//')) {
    return (
      <Link to={url} className="app-qr">
        {content}
      </Link>
    );
  }
  return (
    <a href={url} className="app-qr" rel="noopener noreferrer">
      {content}
    </a>
  );
}
