import { useEffect, useState } from 'react';
import type { RegistrationRules, RegistrationSettings } from '../../../shared/fieldRules';
import { useServices } from '../../core/ServicesContext';

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
  const { identityApi } = useServices();
  const [state, setState] = useState<{ config: RegistrationConfig | null; failed: boolean }>({
    config: null,
    failed: false,
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    const request = (cached ??= Promise.all([
      identityApi.registrationSettings(),
      identityApi.registrationRules(),
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
  }, [identityApi, attempt]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
