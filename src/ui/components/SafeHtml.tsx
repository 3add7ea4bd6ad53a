import { useEffect, useMemo, useState } from 'react';

type Sanitize = (html: string) => string;
let sanitizer: Promise<Sanitize> | null = null;
/** Once loaded, HTML is sanitised while rendering (no empty first frame). */
let loaded: Sanitize | null = null;

/**
 * DOMPurify is loaded on first use, as most pages never show server HTML; a page that knows it
 * soon will (pop-ups on their way) calls this ahead.
 */
export function loadSanitizer(): Promise<Sanitize> {
  sanitizer ??= import('dompurify').then(({ default: purify }) => {
    loaded = (html: string) => purify.sanitize(html);
    return loaded;
  });
  return sanitizer;
}

/**
 * Shows HTML that may come from the server or an operator (help topics, dialogs,
 * announcements), always sanitised; nothing is shown until the sanitiser has run.
 */
export function SafeHtml({
  html,
  id,
  className,
}: {
  html: string;
  id?: string;
  className?: string;
}) {
  // Whether the sanitiser is there: the HTML is sanitised (and shown) from then on.
  const [arrived, setArrived] = useState(loaded !== null);
  useEffect(() => {
    if (arrived) return;
    let current = true;
    void loadSanitizer().then(() => {
      if (current) setArrived(true);
    });
    return () => {
      current = false;
    };
  }, [arrived]);
  // Until the sanitiser has run on this very html, nothing is shown.
  const clean = useMemo(() => (arrived && loaded ? loaded(html) : null), [arrived, html]);
  // The content was sanitised just above (DOMPurify).
  return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: clean ?? '' }} />;
}
