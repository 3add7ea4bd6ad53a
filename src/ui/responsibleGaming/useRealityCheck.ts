import { useCallback, useEffect, useRef, useState } from 'react';
import { loadSectionTexts } from '../../i18n/setup';
import {
  minutesBetween,
  nextRealityCheck,
  type RgSession,
  sessionBreakEnd,
  sessionLimitAt,
} from '../../shared/responsibleGaming';
import { useServices } from '../core/ServicesContext';
import { useSafeNavigate } from '../core/useSafeNavigate';
import { useObservable } from '../hooks/useObservable';
import { rgFeature } from '../../app/features/responsibleGaming';
import { useFeature } from '../core/useFeature';

/** What the reminder shows: the session so far, or that the session limit is reached. */
export type RealityCheckView =
  | { kind: 'reality'; minutesPlayed: number; session: RgSession }
  | { kind: 'sessionLimit'; minutes: number; breakEndsAt: Date };

/**
 * The reality check and the session limit of the logged-in member (issue 17), timed on the
 * page from the session's start as the server gives it (the page's clock corrected by the
 * server's, so a wrong device clock does not move them): every `realityCheckMinutes` of the
 * session a reminder with the time played and the session's result, fetched fresh; at the
 * session limit a notice that play is over. "Keep playing" waits for the next one; "stop" (and
 * the session limit) closes every open game and logs out. Settings changed in another tab or by
 * the operator arrive live (`rg` events). Also sends the device's time zone once, when the
 * member has none stored (the first login).
 */
export function useRealityCheck() {
  const { rgSession$, stopPlay$, session } = useServices();
  const rgModule = useFeature(rgFeature);
  const navigate = useSafeNavigate();
  const current = useObservable(rgSession$, null);
  // Each answer with the difference between the server's clock and the page's when it came
  // (taken in the first effect after it arrived, not again when a reminder is answered).
  const skew = useRef<{ of: RgSession; ms: number } | null>(null);
  const [shown, setShown] = useState<RealityCheckView | null>(null);

  const timeZoneSet = current?.timeZoneSet ?? true;
  useEffect(() => {
    if (timeZoneSet) return;
    const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (device) rgModule.setTimeZone(device, true).catch(() => undefined);
  }, [timeZoneSet, rgModule]);

  useEffect(() => {
    if (!current) return;
    if (skew.current?.of !== current)
      skew.current = { of: current, ms: Date.parse(current.serverNow) - Date.now() };
    if (shown) return;
    const value = current;
    const offset = skew.current.ms;
    const serverNow = () => new Date(Date.now() + offset);
    const start = new Date(value.startedAt);
    const due: { kind: RealityCheckView['kind']; at: Date }[] = [];
    if (value.realityCheckMinutes)
      due.push({
        kind: 'reality',
        at: nextRealityCheck(start, value.realityCheckMinutes, serverNow()),
      });
    // The limit counts from the sitting's first login, not this one (a new login joins it).
    const sittingStart = new Date(value.sittingStartedAt);
    if (value.sessionLimit)
      due.push({ kind: 'sessionLimit', at: sessionLimitAt(sittingStart, value.sessionLimit) });
    const next = due.sort((a, b) => a.at.getTime() - b.at.getTime())[0];
    if (!next) return;
    let cancelled = false;
    const timer = window.setTimeout(
      async () => {
        if (next.kind === 'sessionLimit') {
          await loadSectionTexts().catch(() => undefined);
          if (!cancelled)
            setShown({
              kind: 'sessionLimit',
              minutes: value.sessionLimit!,
              breakEndsAt: sessionBreakEnd(
                sittingStart,
                value.sessionLimit!,
                value.sessionBreakMinutes,
              ),
            });
          return;
        }
        const [fresh] = await Promise.all([
          rgModule.session().catch(() => value),
          loadSectionTexts().catch(() => undefined),
        ]);
        if (cancelled) return;
        setShown({
          kind: 'reality',
          session: fresh,
          minutesPlayed: minutesBetween(start, serverNow()),
        });
      },
      Math.max(0, next.at.getTime() - serverNow().getTime()),
    );
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [current, shown, rgModule]);

  const keepPlaying = useCallback(() => setShown(null), []);
  const stop = useCallback(() => {
    setShown(null);
    stopPlay$.next();
    session.logout();
    navigate('/');
  }, [navigate, session, stopPlay$]);
  return { shown, keepPlaying, stop };
}
