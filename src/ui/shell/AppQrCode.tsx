import { QrCode } from '../components/QrCode';

/** A QR code for an app download link (spec 2: "app download QR codes"), with its label. */
export function AppQrCode({ url, label }: { url: string; label: string }) {
  return (
    <a href={url} className="app-qr">
      <QrCode url={url} />
      <span>{label}</span>
    </a>
  );
}
