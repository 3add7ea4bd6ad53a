import { useEffect, useState } from 'react';
import type { CountryCode } from '../../shared/identity';
import { authFeature } from '../../app/features/auth';
import { useFeature } from '../core/useFeature';

let cached: Promise<CountryCode[]> | null = null;

/** The dialing codes the brand offers (relay getCountryCode), fetched once per tab. */
export function useCountries(): CountryCode[] {
  const authModule = useFeature(authFeature);
  const [countries, setCountries] = useState<CountryCode[]>([]);
  useEffect(() => {
    let current = true;
    const request = (cached ??= authModule.countries().catch((error: unknown) => {
      cached = null;
      throw error;
    }));
    request.then((list) => current && setCountries(list)).catch(() => undefined);
    return () => {
      current = false;
    };
  }, [authModule]);
  return countries;
}
