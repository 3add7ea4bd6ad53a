import { useEffect, useState } from 'react';

type Sanitize = (html: string) => string;
let sanitizer: Promise<Sanitize> | null = null;

/** DOMPurify is loaded on first use: most pages never show server HTML. */
function loadSanitizer(): Promise<Sanitize> {
  sanitizer ??= import('dompurify').then(
    ({ default: purify }) =>
      (html: string) =>
        purify.sanitize(html),
  );
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
  const [result, setResult] = useState<{ source: string; clean: string } | null>(null);
  useEffect(() => {
    let current = true;
    void loadSanitizer().then((sanitize) => {
      if (current) setResult({ source: html, clean: sanitize(html) });
    });
    return () => {
      current = false;
    };
  }, [html]);
  // Until the sanitiser has run on this very html, nothing is shown.
  const clean = result?.source === html ? result.clean : null;
  // The content was sanitised just above (DOMPurify).
  return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: clean ?? '' }} />;
}
