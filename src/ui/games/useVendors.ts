import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { splitSportsCategories } from '../../shared/gameLanes';
import type { GameCategoryVendors } from '../../shared/games';
import { gamesFeature } from '../../app/features/games';
import { useFeature } from '../core/useFeature';

/** Vendors per category, cached for the session per language (spec 4 caching). */
const cache = new Map<string, Promise<GameCategoryVendors[]>>();

/**
 * The categories and their vendors, e-sports and cockfight moved out of SPORTS (spec 3).
 * `flush` drops the cache (spec 4: the vendor list is refreshable); language changes reload.
 */
export function useVendors(): {
  categories: GameCategoryVendors[] | null;
  failed: boolean;
  flush: () => void;
} {
  const gamesModule = useFeature(gamesFeature);
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [result, setResult] = useState<{
    language: string;
    categories: GameCategoryVendors[] | null;
    failed: boolean;
    version: number;
  }>({
    language: '',
    categories: null,
    failed: false,
    version: 0,
  });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    let pending = cache.get(language);
    if (!pending) {
      pending = Promise.resolve(gamesModule.vendors()).then(splitSportsCategories);
      cache.set(language, pending);
      // A failed load is not kept: the next visit asks again.
      pending.catch(() => cache.delete(language));
    }
    pending.then(
      (categories) => current && setResult({ language, categories, failed: false, version }),
      () => current && setResult({ language, categories: null, failed: true, version }),
    );
    return () => {
      current = false;
    };
  }, [gamesModule, language, version]);
  const fresh = result.language === language && result.version === version;
  return {
    categories: fresh ? result.categories : null,
    failed: fresh && result.failed,
    flush: () => {
      cache.delete(language);
      setVersion((n) => n + 1);
    },
  };
}

/**
 * A vendor's name for people from its code (a wallet's name, a record's vendor): the
 * catalogue's display name, or the code itself until the catalogue is here or when it does
 * not list the vendor.
 */
export function useVendorName(): (code: string) => string {
  const { categories } = useVendors();
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const category of categories ?? []) {
      for (const vendor of category.vendors) names.set(vendor.vassalage, vendor.displayName);
    }
    return (code: string) => names.get(code) ?? code;
  }, [categories]);
}
