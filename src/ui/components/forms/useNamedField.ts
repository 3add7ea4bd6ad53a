import { useCallback, useState } from 'react';
import { errorFieldOf, refusalOf } from '../../core/apiErrors';

/**
 * The field a form's last refusal names (`value.field`, e.g. `field_invalid` of the password),
 * for forms whose machine keeps the code only. The form's calls pass their failures through
 * `note` (it throws them on), a new submit `clear`s it, and `named(code)` is the field named
 * with that code (null for any other code, such as the form's own checks).
 */
export function useNamedField(): {
  note: (failure: unknown) => never;
  clear: () => void;
  named: (code: string | null | undefined) => string | null;
} {
  const [last, setLast] = useState<{ code: string; field: string } | null>(null);
  const note = useCallback((failure: unknown): never => {
    const code = refusalOf(failure)?.code;
    const field = errorFieldOf(failure);
    setLast(code && field ? { code, field } : null);
    throw failure;
  }, []);
  const clear = useCallback(() => setLast(null), []);
  const named = useCallback(
    (code: string | null | undefined) => (code && last?.code === code ? last.field : null),
    [last],
  );
  return { note, clear, named };
}
