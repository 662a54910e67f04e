import type { ApiClientError } from './api-client.ts';

/**
 * The server's field messages under the form's own field names. `codes` wins first: an error code that
 * means one field of this form (a wrong current password, which the server may report under a generic
 * `password`) puts the message there. Otherwise `names` maps each server field name (the API's, like
 * `first_name`) to the form's; names not listed are dropped. Null when nothing belongs next to a field,
 * so the caller shows the message above the form instead.
 */
export function fieldErrorsFrom(
  error: ApiClientError | null | undefined,
  names: Record<string, string>,
  codes: Record<string, string> = {},
): Record<string, string> | null {
  if (!error) return null;
  const codeField = codes[error.code];
  if (codeField) return { [codeField]: error.message };
  const result: Record<string, string> = {};
  for (const [serverName, message] of Object.entries(error.fields ?? {})) {
    const formName = names[serverName];
    if (formName) result[formName] = message;
  }
  return Object.keys(result).length > 0 ? result : null;
}

/** The message above the form: the error unless it already sits next to a field. */
export function formErrorOf(
  error: ApiClientError | null | undefined,
  names: Record<string, string>,
  codes: Record<string, string> = {},
): string | null {
  if (!error) return null;
  return fieldErrorsFrom(error, names, codes) ? null : error.message;
}
