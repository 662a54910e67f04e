import { z } from 'zod';

/** The session user the web reads: better-auth's user plus the portal's additional fields (apps/api auth.ts). */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullish(),
  /** better-auth admin plugin roles, comma-separated; 'admin' is the spec's isAdmin. */
  role: z.string().nullish(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  title: z.string().nullish(),
  jobRoleId: z.number().nullish(),
  phoneNumber: z.string().nullish(),
  phoneNumberVerified: z.boolean().nullish(),
  twoFactorEnabled: z.boolean().nullish(),
  impersonationOptOut: z.boolean().nullish(),
  companyName: z.string().nullish(),
  termsAcceptedAt: z.coerce.date().nullish(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const authSessionSchema = z.object({
  user: sessionUserSchema,
  session: z.object({
    id: z.string(),
    expiresAt: z.coerce.date(),
    /** Set while an admin acts as this user (design §1). */
    impersonatedBy: z.string().nullish(),
  }),
});
export type AuthSession = z.infer<typeof authSessionSchema>;

/** GET /api/site's schema lives in site.ts (issue 4: tenants and maintenance). */
