import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../api/client';

/**
 * Server field errors for a form: set from an ApiError's `errors`, read per field, and cleared for a field as soon
 * as the person edits it. `aliases` maps server keys to form fields (e.g. users_email -> email). `replace` puts a
 * whole new map in place, for forms that sort the server's messages themselves.
 */
export function useFieldErrors(aliases: Record<string, string> = {}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The alias map is a literal at the call site: read once, so the callbacks below stay stable.
  const aliasMap = useRef(aliases).current;

  const fromError = useCallback(
    (error: unknown, messages: Record<string, string> = {}) => {
      if (!(error instanceof ApiError)) return setErrors({});
      const next: Record<string, string> = {};
      for (const [key, message] of Object.entries(error.errors)) {
        const field = aliasMap[key] ?? key;
        next[field] = messages[key] ?? messages[field] ?? message;
      }
      setErrors(next);
    },
    [aliasMap],
  );

  const clear = useCallback((field: string) => {
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _removed, ...rest } = current;
      return rest;
    });
  }, []);

  const set = useCallback((field: string, message: string) => setErrors((c) => ({ ...c, [field]: message })), []);

  return { errors, fromError, clear, set, replace: setErrors, reset: () => setErrors({}) };
}
