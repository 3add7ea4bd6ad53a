import { useEffect, useState } from 'react';
import type { RegistrationRules, RegistrationSettings } from '../../../shared/fieldRules';
import { authFeature } from '../../../app/features/auth';
import { useFeature } from '../../core/useFeature';

export interface RegistrationConfig {
  settings: RegistrationSettings;
  rules: RegistrationRules;
}

let cached: Promise<RegistrationConfig> | null = null;

/**
 * The two readings of /wps/system/setting/register (spec 7), cached for the session (spec 4
 * "registration rules cached for the session"). Null while loading; `failed` on error.
 */
export function useRegistrationRules(): {
  config: RegistrationConfig | null;
  failed: boolean;
  retry: () => void;
} {
  const authModule = useFeature(authFeature);
  const [state, setState] = useState<{ config: RegistrationConfig | null; failed: boolean }>({
    config: null,
    failed: false,
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    const request = (cached ??= Promise.all([
      authModule.registrationSettings(),
      authModule.registrationRules(),
    ])
      .then(([settings, rules]) => ({ settings, rules }))
      .catch((error: unknown) => {
        cached = null;
        throw error;
      }));
    request.then(
      (config) => current && setState({ config, failed: false }),
      () => current && setState({ config: null, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [authModule, attempt]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
