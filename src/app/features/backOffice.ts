import { createBackOfficeApi, type BackOfficeApi } from '../../api/backOffice';
import { createSupportHttp, storedSupportToken } from './chatClient';

export type { AuditFilters } from '../../api/backOffice';

/**
 * The operator's back office (issue 30): its calls carry the staff session of the support
 * console's login (one sign-in for both pages, kept for the tab).
 */
export function createBackOffice(language: () => string): BackOfficeApi {
  return createBackOfficeApi(createSupportHttp(language), storedSupportToken);
}
