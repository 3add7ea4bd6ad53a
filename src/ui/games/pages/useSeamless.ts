import { useMemo } from 'react';
import { createSeamlessApi } from '../../../api/seamless';
import { useServices } from '../../core/ServicesContext';
import { useQuery } from '../../hooks/useQuery';

/** The /seamless section's data: which vendors draw on the main wallet (the balance is live). */
export function useSeamless() {
  const { http } = useServices();
  const api = useMemo(() => createSeamlessApi(http), [http]);
  return useQuery('seamless-wallet', (signal) => api.get(signal));
}
