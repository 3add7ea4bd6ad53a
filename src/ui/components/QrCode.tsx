import { useEffect, useState } from 'react';

/**
 * A QR code of a link (app downloads, invite links). The encoder is its own chunk, fetched when
 * a code is first shown; until it arrives (or if it cannot) nothing is drawn and the caller's
 * link or text stands alone.
 */
export function QrCode({
  url,
  size = 96,
  alt = '',
}: {
  url: string;
  size?: number;
  /** Empty (decorative) when a text beside it says where the code leads. */
  alt?: string;
}) {
  const [image, setImage] = useState<{ key: string; src: string } | null>(null);
  const key = `${url}@${size}`;
  useEffect(() => {
    let current = true;
    const absolute = new URL(url, window.location.origin).toString();
    void import('qrcode')
      .then((qrcode) => qrcode.toString(absolute, { type: 'svg', margin: 1, width: size }))
      .then((svg) => {
        if (current)
          setImage({ key, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [url, size, key]);
  const src = image?.key === key ? image.src : null;
  return src ? <img src={src} alt={alt} width={size} height={size} data-testid="qr-code" /> : null;
}
