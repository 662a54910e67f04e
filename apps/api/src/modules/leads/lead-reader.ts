import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../lib/context.ts';
import { forbidden } from '../../lib/errors.ts';
import { permissionCheckOf } from '../../lib/permissions.ts';
import type { SignedInEnv } from '../../middlewares/guards.ts';
import type { LeadReader } from './leads.repository.ts';

/** What the caller may do with leads, as the leads routes' guard read it from the permission table. */
export type LeadAccess = LeadReader & { canExport: boolean };

/** The context after `requireLeads` let the call through. */
export type LeadAccessEnv = { Variables: { leadAccess: LeadAccess } };

/** What a leads route needs: to read, to change (job role 8 reads only), or to export. */
type LeadNeed = 'view' | 'edit' | 'export';

const REFUSALS: Record<LeadNeed, string> = {
  view: 'You do not have permission to see leads.',
  edit: 'Your role can see leads but not change them.',
  export: 'Your role cannot export leads.',
};

/**
 * The leads routes' guard (after `requireSession`): reads the caller's permissions once, through the
 * one table (lib/permissions.ts, packages/shared permissions.ts), refuses with 403 what they lack, and
 * hands the handler what they may do. One read instead of one per permission: the list is the hot path
 * of the leads page (issue 16 benchmark: the API within 1.5x of its SQL).
 *
 * Platform admins may do everything; anyone else reads the leads of their approved projects with
 * `leads.view`, in full and changeable only with `leads.contact_details` too, exports with `leads.export`.
 */
export const requireLeads = (need: LeadNeed) =>
  createMiddleware<SignedInEnv & LeadAccessEnv>(async (c, next) => {
    const context = c as unknown as Context<AppEnv>;
    const user = c.get('user');
    const { subject, can } = await permissionCheckOf(
      context.get('deps').database,
      user,
      context.get('organisationRole'),
    );
    const access: LeadAccess = {
      userId: user.id,
      isAdmin: subject.isAdmin,
      seesContacts: can('leads.contact_details'),
      mayEdit: can('leads.view') && can('leads.contact_details'),
      canExport: can('leads.export'),
    };
    const allowed = { view: true, edit: access.mayEdit, export: access.canExport }[need] && can('leads.view');
    if (!allowed) throw forbidden(REFUSALS[need]);
    c.set('leadAccess', access);
    await next();
  });
