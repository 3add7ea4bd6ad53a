import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';
import type { RelayTable } from '../relay/dispatcher';
import { type HelpCentreService, helpLanguageOf, helpV2Query } from './helpCenter';

/** System relays the spec names without a path (spec 7): served under /wps/relay/<name>. */
export function systemRelays(deps: AppDeps, help: HelpCentreService): RelayTable {
  return {
    // Spec 7 names getCountryCode without a path: the dialing codes of the mobile forms.
    getCountryCode: { method: 'GET', handle: async () => deps.config.countries },
    // getHelpV2 (lang, device WEB): the same document as /wps/system/helpCenter.
    getHelpV2: {
      method: 'GET',
      query: helpV2Query,
      handle: async (request) => {
        const { lang } = parseInput(helpV2Query, request.query);
        return help.for(helpLanguageOf(lang));
      },
    },
  };
}
