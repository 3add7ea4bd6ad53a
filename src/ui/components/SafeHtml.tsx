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
  const [clean, setClean] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    setClean(null);
    void loadSanitizer().then((sanitize) => current && setClean(sanitize(html)));
    return () => {
      current = false;
    };
  }, [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the content was sanitised just above.
  return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: clean ?? '' }} />;
}
