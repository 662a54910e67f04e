import { OpenAPIHono, type z } from '@hono/zod-openapi';
import { apiErrorSchema } from '@offplan/shared';
import type { AppEnv } from './context.ts';
import { validationError } from './errors.ts';

/** Every module's router: validation failures answer the one error shape, naming the fields. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error, result.target);
    },
  });
}

/** A route's error response in the OpenAPI contract: the one error shape, with what the status means there. */
export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: apiErrorSchema } },
});

/** A route's JSON success response in the OpenAPI contract. */
export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
