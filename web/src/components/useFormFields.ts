import { useState } from 'react';
import { errorMessage } from '../api/client';
import { useFieldErrors } from './useFieldErrors';

/** The keys of `V` whose values are text (what an input edits). */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * A form's values with their server field errors (useFieldErrors): `setValue` stores a value and clears that
 * field's error; `field(name)` gives a text input everything it needs (name, value, onChange, error, helperText).
 */
export function useFormFields<V extends object>(initial: V | (() => V), aliases: Record<string, string> = {}) {
  const [values, setValues] = useState<V>(initial);
  const fields = useFieldErrors(aliases);

  const setValue = <K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    fields.clear(name);
  };

  const field = <K extends TextKey<V>>(name: K) => ({
    name,
    value: values[name] as string,
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value as V[K]),
    error: !!fields.errors[name],
    helperText: fields.errors[name],
  });

  return { values, setValues, setValue, field, fields };
}

/** The message for the banner: a failure none of whose messages belongs to a field. */
export function unfieldedError(mutation: { isError: boolean; error: unknown }, errors: Record<string, string>) {
  return mutation.isError && Object.keys(errors).length === 0 ? errorMessage(mutation.error) : null;
}
