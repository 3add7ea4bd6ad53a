import { createRgApi } from '../../api/responsibleGaming';
import { defineFeature } from '../feature';

/**
 * Responsible gaming (issue 17): the member's limits, session settings, time zone, time-outs and
 * self-exclusion. The session's reality-check settings are the tab's store
 * (`useServices().rgSession$`).
 */
export const rgFeature = defineFeature('responsibleGaming', ({ http, sealed }) =>
  createRgApi(http, sealed),
);

export type RgFeature = ReturnType<typeof rgFeature>;
