import { createSystemApi } from '../../api/system';
import { defineFeature } from '../feature';
import { pick } from './pick';

/** The site's own pages: the help centre, and whether the development tools are on. */
export const siteFeature = defineFeature('site', ({ http }) =>
  pick(createSystemApi(http), ['helpCenter', 'devToolsEnabled']),
);

export type SiteFeature = ReturnType<typeof siteFeature>;
