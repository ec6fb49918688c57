import type { z } from 'zod';
import { validationError } from './errors';

/** Parses input at the service edge; a failure becomes a 400 with per-field errors. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}
