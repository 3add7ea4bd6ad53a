import { useEffect, useState } from 'react';

/**
 * A QR code for an app download link (spec 2: "app download QR codes"). The encoder is its
 * own chunk, fetched when the side menu shows; until then the plain link stands alone.
 */
export function AppQrCode({ url, label }: { url: string; label: string }) {
  const [image, setImage] = useState<{ url: string; src: string } | null>(null);
  useEffect(() => {
    let current = true;
    const absolute = new URL(url, window.location.origin).toString();
    void import('qrcode')
      .then((qrcode) => qrcode.toString(absolute, { type: 'svg', margin: 1, width: 96 }))
      .then((svg) => {
        if (current)
          setImage({ url, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      })
      // Without a QR code the link below it still works.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [url]);
  const src = image?.url === url ? image.src : null;
  return (
    <a href={url} className="app-qr">
      {src && <img src={src} alt="" width={96} height={96} />}
      <span>{label}</span>
    </a>
  );
}
