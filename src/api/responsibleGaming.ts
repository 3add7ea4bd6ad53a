import type {
  ExclusionDuration,
  ExclusionKind,
  ExclusionRefusal,
  LimitChange,
  RgSession,
  RgStatus,
} from '../shared/responsibleGaming';
import type { Http } from './http';
import type { SealedCalls } from './sealedCalls';

/** Responsible gaming (issue 17): the member's limits, session settings and exclusions. */
export function createRgApi(http: Http, sealed: SealedCalls) {
  return {
    status(signal?: AbortSignal): Promise<RgStatus> {
      return http.get('/wps/rg', { signal });
    },
    session(signal?: AbortSignal): Promise<RgSession> {
      return http.get('/wps/rg/session', { signal });
    },
    setLimits(limits: LimitChange[]): Promise<RgStatus> {
      return http.put('/wps/rg/limits', { limits });
    },
    setSessionLimit(minutes: number | null): Promise<RgStatus> {
      return http.put('/wps/rg/sessionLimit', { minutes });
    },
    setRealityCheck(minutes: number | null): Promise<RgStatus> {
      return http.put('/wps/rg/realityCheck', { minutes });
    },
    /** `initial`: only when none is stored yet (the page sends the device's after login). */
    setTimeZone(timeZone: string, initial = false): Promise<RgStatus> {
      return http.put('/wps/rg/timeZone', { timeZone, initial });
    },
    /** A time-out or self-exclusion: sealed (E), it carries the login password. */
    exclude(request: {
      kind: ExclusionKind;
      duration: ExclusionDuration;
      password: string;
    }): Promise<ExclusionRefusal> {
      return sealed('post', '/wps/rg/exclusion', request);
    },
  };
}

export type RgApi = ReturnType<typeof createRgApi>;
