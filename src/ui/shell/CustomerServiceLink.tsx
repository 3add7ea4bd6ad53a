import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { chooseCustomerService } from '../../shared/customerService';
import { useSiteInfo } from '../core/SiteInfoContext';

/**
 * The site's customer-service entry (spec 3: the first configured entry that reveals a usable
 * address). A path of this site, the built-in chat (`/chat`) or the help centre, opens in the
 * page, which keeps the session (a new tab would start without it); another site's address
 * opens in a new tab. Nothing is drawn when no entry is configured.
 */
export function CustomerServiceLink({
  children,
  className,
  role,
  testId = 'customer-service-link',
}: {
  children: ReactNode;
  className?: string;
  role?: 'menuitem';
  testId?: string;
}) {
  const entry = chooseCustomerService(useSiteInfo().info.customerService);
  if (!entry) return null;
  const common = { className, role, 'data-testid': testId, 'data-cs-type': entry.csType };
  return entry.internal ? (
    <Link to={entry.url} {...common}>
      {children}
    </Link>
  ) : (
    <a href={entry.url} target="_blank" rel="noopener noreferrer" {...common}>
      {children}
    </a>
  );
}
