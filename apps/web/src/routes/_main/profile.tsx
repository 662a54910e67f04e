import { Stack, Tabs } from '@mantine/core';
import { IconDevices, IconId, IconLock, IconShieldCheck } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { displayName, initialsOf } from '../../features/auth/api/session.ts';
import { accountSessionsQueryOptions } from '../../features/profile/api/account-sessions.ts';
import { ActingAsUserNotice } from '../../features/profile/components/acting-as-user-notice.tsx';
import { ChangeEmailForm } from '../../features/profile/components/change-email-form.tsx';
import { ChangePasswordForm } from '../../features/profile/components/change-password-form.tsx';
import { ContactDetailsForm } from '../../features/profile/components/contact-details-form.tsx';
import { PhoneNumberForm } from '../../features/profile/components/phone-number-form.tsx';
import { PrivacyForm } from '../../features/profile/components/privacy-form.tsx';
import { ProfilePhotoForm } from '../../features/profile/components/profile-photo-form.tsx';
import { SessionsList } from '../../features/profile/components/sessions-list.tsx';
import { TwoStepForm } from '../../features/profile/components/two-step-form.tsx';
import { useSignedInSession } from '../../features/profile/hooks/use-signed-in-session.ts';
import { siteQueryOptions } from '../../features/site/api/site.ts';

const PROFILE_PAGES = ['contact-details', 'security', 'sessions', 'privacy'] as const;
type ProfilePage = (typeof PROFILE_PAGES)[number];
const DEFAULT_PAGE: ProfilePage = 'contact-details';

const profileSearchSchema = z.object({
  /** Spec §2: the user menu opens /profile?page=contact-details. Unknown pages fall back to it. */
  page: z.enum(PROFILE_PAGES).optional().catch(undefined),
});

export const Route = createFileRoute('/_main/profile')({
  validateSearch: profileSearchSchema,
  loaderDeps: ({ search }) => ({ page: search.page ?? DEFAULT_PAGE }),
  loader: async ({ context, deps }) => {
    if (deps.page === 'sessions') await context.queryClient.ensureQueryData(accountSessionsQueryOptions());
  },
  component: ProfilePage,
});

function isProfilePage(value: string | null): value is ProfilePage {
  return (PROFILE_PAGES as readonly (string | null)[]).includes(value);
}

function ProfilePage() {
  const { page = DEFAULT_PAGE } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { user, session } = useSignedInSession();
  const { isAdmin } = Route.useRouteContext();
  const { data: site } = useSuspenseQuery(siteQueryOptions());
  // The server refuses sign-in and privacy changes while an admin acts as the user (design §1).
  const acting = Boolean(session.impersonatedBy);

  return (
    <Tabs
      value={page}
      onChange={(value) => {
        if (isProfilePage(value)) void navigate({ search: { page: value } });
      }}
      keepMounted={false}
    >
      <Tabs.List mb="lg">
        <Tabs.Tab value="contact-details" leftSection={<IconId size={16} stroke={1.6} />}>
          Contact details
        </Tabs.Tab>
        <Tabs.Tab value="security" leftSection={<IconLock size={16} stroke={1.6} />}>
          Security
        </Tabs.Tab>
        <Tabs.Tab value="sessions" leftSection={<IconDevices size={16} stroke={1.6} />}>
          Sessions
        </Tabs.Tab>
        <Tabs.Tab value="privacy" leftSection={<IconShieldCheck size={16} stroke={1.6} />}>
          Privacy
        </Tabs.Tab>
      </Tabs.List>

      <Tabs.Panel value="contact-details">
        <Stack gap="lg">
          <ProfilePhotoForm image={user.image} initials={initialsOf(displayName(user))} />
          <ContactDetailsForm user={user} />
          <PhoneNumberForm
            phoneNumber={user.phoneNumber}
            verified={Boolean(user.phoneNumberVerified)}
            disabled={acting}
          />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="security">
        <Stack gap="lg">
          {acting ? <ActingAsUserNotice /> : null}
          <ChangePasswordForm disabled={acting} />
          <ChangeEmailForm currentEmail={user.email} disabled={acting} />
          <TwoStepForm
            enabled={Boolean(user.twoFactorEnabled)}
            phoneNumber={user.phoneNumber}
            phoneVerified={Boolean(user.phoneNumberVerified)}
            disabled={acting}
          />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="sessions">
        <Stack gap="lg">
          {acting ? <ActingAsUserNotice /> : null}
          <SessionsList disabled={acting} />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="privacy">
        <Stack gap="lg">
          {acting ? <ActingAsUserNotice /> : null}
          <PrivacyForm
            optOut={Boolean(user.impersonationOptOut)}
            productName={site.productName}
            disabled={acting}
            isAdmin={isAdmin}
          />
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}
