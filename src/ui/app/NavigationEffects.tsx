import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { focusPageHeading, pageHeading } from '../components/focus';
import { useSiteInfo } from '../core/SiteInfoContext';
import { hideLoader } from '../core/loader';

/**
 * After each navigation (spec 2): the loader is hidden and the page scrolls to the top. And for
 * every page: the document title is the page's heading and the brand, in the current language
 * (it follows the heading as it changes), and after a navigation to another path focus moves to
 * the new page's heading, so a screen-reader or keyboard user starts on the new page.
 */
export function NavigationEffects() {
  const { pathname, search } = useLocation();
  const brand = useSiteInfo().info.brand.name;
  const firstPath = useRef(pathname);

  // Runs on every navigation by design: pathname and search are the trigger, not inputs.
  useEffect(() => {
    hideLoader();
    window.scrollTo(0, 0);
  }, [pathname, search]);

  useEffect(() => {
    const update = () => {
      const text = pageHeading()?.textContent?.trim();
      const title = text && text !== brand && !text.includes(brand) ? `${text} · ${brand}` : text;
      const next = title || brand;
      if (document.title !== next) document.title = next;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [brand]);

  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = pathname;
    const settle = () => {
      if (document.querySelector('dialog[open]')) return true;
      if (!pageHeading()) return false;
      focusPageHeading();
      return true;
    };
    if (settle()) return;
    // A lazy page renders its heading when its code has arrived.
    const observer = new MutationObserver(() => settle() && observer.disconnect());
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), 8000);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname]);
  return null;
}
