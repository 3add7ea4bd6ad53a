/**
 * The offline page's script (built to /offline.js by build/serviceWorker.ts; no imports, so it
 * stands alone): shows the page's texts in the visitor's language (the one the site stored,
 * else the device's, else English) and reloads once the connection is back.
 */
type Texts = Record<string, Record<string, string>>;

function chooseOfflineLanguage(texts: Texts): string {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem('hisLang');
  } catch {
    // Storage can be refused (private mode): the device's languages then.
  }
  const candidates = [stored ?? '', ...navigator.languages].map((tag) => tag.toLowerCase());
  for (const tag of candidates) {
    if (texts[tag]) return tag;
    const base = tag.split('-')[0] ?? '';
    if (texts[base]) return base;
  }
  return 'en';
}

const data = document.getElementById('offline-texts')?.textContent;
if (data) {
  const texts = JSON.parse(data) as Texts;
  const language = chooseOfflineLanguage(texts);
  const chosen = texts[language] ?? {};
  document.documentElement.lang = language;
  for (const element of document.querySelectorAll<HTMLElement>('[data-text]')) {
    const text = chosen[element.dataset.text ?? ''];
    if (text) element.textContent = text;
  }
  const title = chosen.title;
  if (title) document.title = title;
}
window.addEventListener('online', () => window.location.reload());
