import { FEEDBACK_CATEGORY_LABELS } from '@offplan/shared';
import { brandingSourceOf, currentTenant, tenantBranding } from '../../lib/branding.ts';
import { emailTemplates } from '../../lib/message-templates.ts';
import { createRouter } from '../../lib/router.ts';
import { insertFeedback, latestFeedback } from './feedback.repository.ts';
import { listFeedback, sendFeedback } from './feedback.routes.ts';

export const feedbackRouter = createRouter();

feedbackRouter.openapi(sendFeedback, async (c) => {
  const body = c.req.valid('json');
  const deps = c.get('deps');
  const { settings, database, outbox } = deps;
  const user = c.get('user');
  const tenant = currentTenant();
  const id = await insertFeedback(database.db, {
    userId: user.id,
    email: user.email,
    tenant,
    category: body.category,
    message: body.message,
    page: body.page,
  });
  const branding = await tenantBranding(brandingSourceOf(deps), tenant);
  await outbox.send({
    channel: 'email',
    to: settings.feedbackEmail,
    template: 'feedback',
    ...emailTemplates.feedback(
      branding,
      { name: user.name || user.email, email: user.email },
      FEEDBACK_CATEGORY_LABELS[body.category],
      body.message,
      body.page,
    ),
  });
  return c.json({ id }, 201);
});

feedbackRouter.openapi(listFeedback, async (c) =>
  c.json({ items: await latestFeedback(c.get('deps').database.db) }, 200),
);
