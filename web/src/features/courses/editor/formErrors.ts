import { ApiError, errorMessage } from '../../../api/client';

/**
 * Server errors of the module and lesson forms: the messages of fields the form shows under themselves (`own`:
 * server key -> form field) go there, every other message is joined under the title; an error without field
 * messages is shown under the title as it is.
 */
export function showServerErrors(
  fields: { replace: (errors: Record<string, string>) => void; set: (field: string, message: string) => void },
  error: unknown,
  own: Record<string, string>,
): void {
  if (!(error instanceof ApiError && error.hasFieldErrors)) {
    fields.set('title', errorMessage(error));
    return;
  }
  const next: Record<string, string> = {};
  const others: string[] = [];
  for (const [key, message] of Object.entries(error.errors)) {
    if (!Object.hasOwn(own, key)) others.push(message);
    else if (message) next[own[key] as string] = message;
  }
  if (others.length > 0) next.title = others.join(' ');
  fields.replace(next);
}
