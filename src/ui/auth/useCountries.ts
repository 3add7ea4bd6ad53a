import { useEffect, useState } from 'react';
import type { CountryCode } from '../../shared/identity';
import { useServices } from '../core/ServicesContext';

let cached: Promise<CountryCode[]> | null = null;

/** The dialing codes the brand offers (relay getCountryCode), fetched once per tab. */
export function useCountries(): CountryCode[] {
  const { identityApi } = useServices();
  const [countries, setCountries] = useState<CountryCode[]>([]);
  useEffect(() => {
    let current = true;
    const request = (cached ??= identityApi.countries().catch((error: unknown) => {
      cached = null;
      throw error;
    }));
    request.then((list) => current && setCountries(list)).catch(() => undefined);
    return () => {
      current = false;
    };
  }, [identityApi]);
  return countries;
}
