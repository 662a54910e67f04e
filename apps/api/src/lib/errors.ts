import { type ApiError, ERROR_CODES } from '@offplan/shared';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';

/** A failure the client should see as it is: status, code and message of the one error shape. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const sessionRequired = () =>
  new AppError(401, ERROR_CODES.sessionRequired, 'You need to be signed in to do that.');
export const emailNotVerified = () =>
  new AppError(403, ERROR_CODES.emailNotVerified, 'Verify your email address to continue.');
export const forbidden = (message = 'You do not have permission to do that.') =>
  new AppError(403, ERROR_CODES.forbidden, message);
export const notFound = (message = 'Not found.') => new AppError(404, ERROR_CODES.notFound, message);
/** Already so: already a member, a request already waiting, already decided, already claimed. */
export const conflict = (message: string) => new AppError(409, ERROR_CODES.conflict, message);

export function errorBody(
  code: string,
  message: string,
  fields?: Record<string, string>,
  requestId?: string,
): ApiError {
  return { error: { code, message, ...(fields ? { fields } : {}), ...(requestId ? { requestId } : {}) } };
}

/** Turns zod issues into one message naming the fields, plus a field → message map. */
export function validationError(error: ZodError, target: string): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : target;
    fields[key] ??= issue.message;
  }
  const names = Object.keys(fields);
  return new AppError(
    400,
    ERROR_CODES.validation,
    `Invalid ${names.map((name) => `'${name}'`).join(', ')}: ${Object.values(fields)[0]}`,
    fields,
  );
}
