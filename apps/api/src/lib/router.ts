import { OpenAPIHono, type z } from '@hono/zod-openapi';
import { apiErrorSchema } from '@offplan/shared';
import { isBodyLimit } from '../middlewares/guards.ts';
import type { AppEnv } from './context.ts';
import { validationError } from './errors.ts';

/**
 * Every module's router: validation failures answer the one error shape, naming the fields. A route
 * that takes a body must say how large it may be in its contract (`middleware: [..., jsonBody]`,
 * decision 024): registering one without a body limit fails at start, not in production.
 */
// Switched on once every module declares its limits (issue 14 migration).
const ENFORCE_BODY_LIMITS = true;

export function createRouter() {
  const router = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error, result.target);
    },
  });
  const register = router.openapi;
  router.openapi = ((route, handler, hook) => {
    const middleware = [route.middleware ?? []].flat();
    if (ENFORCE_BODY_LIMITS && route.request?.body && !middleware.some(isBodyLimit)) {
      throw new Error(
        `${route.method.toUpperCase()} ${route.path} takes a body but declares no body limit in its middleware.`,
      );
    }
    return register(route, handler, hook);
  }) as typeof register;
  return router;
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
