import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/index.ts';
import { type BrandingSource, tenantBranding } from '../../lib/branding.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Outbox } from '../../lib/outbox.ts';
import { refreshRecommendationsOf } from '../projects/recommendations.repository.ts';
import { placeRegistrant } from './organisation-joins.repository.ts';

/**
 * Decision 030: what happens after /sign-up/email made an account (auth.hooks.ts calls it): a join
 * request to the organisation the typed name or the email domain matches, else an organisation of their
 * own. The account stands whatever happens here: a failure is logged, and a platform admin can still
 * place the person from /users.
 */
export function registrationPlacement(options: {
  db: Db;
  outbox: Outbox;
  brandingSource: BrandingSource;
  logger: Logger;
}) {
  const { db, outbox, brandingSource, logger } = options;
  return async (userId: string) => {
    try {
      const [registrant] = await db
        .select({ id: user.id, name: user.name, email: user.email, companyName: user.companyName })
        .from(user)
        .where(eq(user.id, userId));
      if (!registrant) return;
      const messenger = {
        outbox,
        branding: await tenantBranding(brandingSource),
        baseUrl: brandingSource.baseUrl,
      };
      const placed = await placeRegistrant(db, messenger, registrant);
      if (placed && 'createdOrganisationId' in placed) await refreshRecommendationsOf(db, { userId });
    } catch (error) {
      logger.error({ err: error, userId }, 'new account not placed in an organisation');
    }
  };
}
