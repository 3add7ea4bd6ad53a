import { createRecordsApi } from '../../api/records';
import { defineFeature } from '../feature';

/** The member's records (spec 2 betting, transaction, deposit and withdrawal records). */
export const recordsFeature = defineFeature('records', ({ http }) => createRecordsApi(http));

export type RecordsFeature = ReturnType<typeof recordsFeature>;
