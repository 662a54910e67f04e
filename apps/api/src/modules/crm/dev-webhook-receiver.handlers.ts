import { createRouter } from '../../lib/router.ts';

/** The built-in webhook receiver, outside production only (API_PATHS.devWebhookReceiver). (decision 029). */
export const devWebhookReceiverRouter = createRouter();
