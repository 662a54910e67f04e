import { createRouter } from '../../lib/router.ts';

/** /email-settings (issue 19): senders per tenant, lead recipients per project, the email templates. */
export const emailSettingsRouter = createRouter();
