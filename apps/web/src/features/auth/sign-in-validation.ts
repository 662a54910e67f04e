import { schemaResolver } from '@mantine/form';
import { signInFormSchema } from '@offplan/shared';

/**
 * The sign-in form's checks: the shared `signInFormSchema` through Mantine's resolver, as every form
 * validates (decision 024). Loaded with better-auth's client on the visitor's first touch of the form
 * (`prepareSignIn`, api/sign-in.ts), so the sign-in page paints without a schema library (decision 044).
 */
export const validateSignIn = schemaResolver(signInFormSchema, { sync: true });
