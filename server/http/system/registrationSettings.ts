import type { PlatformConfig } from '../../config/schema';

/** Reading one: which registration fields show and which are required. */
export function registrationSettings(config: PlatformConfig) {
  return Object.fromEntries(
    Object.entries(config.registration.fields).map(([field, rule]) => [
      field,
      { enabled: rule.enabled, required: rule.required },
    ]),
  );
}

/** Reading two: the validation rule of every enabled field (spec 3, registration setting). */
export function registrationValidation(config: PlatformConfig) {
  return Object.fromEntries(
    Object.entries(config.registration.fields)
      .filter(([, rule]) => rule.enabled)
      .map(([field, rule]) => [
        field,
        {
          acceptedPattern: rule.acceptedPattern,
          patternId: rule.patternId,
          minLength: rule.minLength,
          maxLength: rule.maxLength,
        },
      ]),
  );
}
