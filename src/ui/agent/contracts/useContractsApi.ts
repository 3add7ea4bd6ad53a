import { useMemo } from 'react';
import { createContractsApi } from '../../../api/contracts';
import { useServices } from '../../core/ServicesContext';

/** The contract calls over the tab's HTTP client (one per services). */
export function useContractsApi() {
  const { http } = useServices();
  return useMemo(() => createContractsApi(http), [http]);
}
