import { ERROR_CODES } from '@offplan/shared';
import { errorBody } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import { postDevWebhookReceiver } from './dev-webhook-receiver.routes.ts';

/** The built-in webhook receiver, outside production only (API_PATHS.devWebhookReceiver, decision 029). */
export const devWebhookReceiverRouter = createRouter();

devWebhookReceiverRouter.openapi(postDevWebhookReceiver, (c) => {
  if (c.req.valid('query').fail === '1') {
    return c.json(errorBody(ERROR_CODES.notReady, 'This receiver fails on purpose (?fail=1).'), 503);
  }
  return c.body(null, 204);
});
