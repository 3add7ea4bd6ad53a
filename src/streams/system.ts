import { share } from 'rxjs';
import { latestBySeq } from './operators';
import type { Realtime } from './realtime';

/** `system$`: live status switches (maintenance on/off) with stale events dropped. */
export function createSystemStream(realtime: Pick<Realtime, 'event$'>) {
  return realtime.event$('system').pipe(latestBySeq(), share());
}
