import { z } from 'zod';
import type { AppDeps } from '../deps';
import { parseInput } from '../errors';
import type { RelayTable } from '../relay/dispatcher';
import { helpCenterFor } from './helpCenter';

const helpQuery = z.object({
  lang: z.string().regex(/^[A-Za-z]{2}$/),
  device: z.literal('WEB').optional(),
});

/** System relays. The spec names getHelpV2 (lang, device WEB) without a path: we relay it. */
export function systemRelays(deps: AppDeps): RelayTable {
  return {
    // Spec 7 names getCountryCode without a path: the dialing codes of the mobile forms.
    getCountryCode: { method: 'GET', handle: async () => deps.config.countries },
    getHelpV2: {
      method: 'GET',
      handle: async (request) => {
        const { lang } = parseInput(helpQuery, request.query);
        return helpCenterFor(deps.config, lang.toUpperCase());
      },
    },
  };
}
