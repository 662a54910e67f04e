import { Stack, Tabs } from '@mantine/core';
import { IconDevices, IconId, IconLock, IconShieldCheck } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { displayName, initialsOf } from '../../auth/index.ts';
import { siteQueryOptions } from '../../site/index.ts';
import { useSignedInSession } from '../hooks/use-signed-in-session.ts';
import { DEFAULT_PAGE, PROFILE_PAGES, type ProfileTab } from '../profile-pages.ts';
import { ActingAsUserNotice } from './acting-as-user-notice.tsx';
import { ChangeEmailForm } from './change-email-form.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { ContactDetailsForm } from './contact-details-form.tsx';
import { LeadDigestForm } from './lead-digest-form.tsx';
import { PhoneNumberForm } from './phone-number-form.tsx';
import { PrivacyForm } from './privacy-form.tsx';
import { ProfilePhotoForm } from './profile-photo-form.tsx';
import { SessionsList } from './sessions-list.tsx';
import { TwoStepForm } from './two-step-form.tsx';

const routeApi = getRouteApi('/_main/profile');

function isProfilePage(value: string | null): value is ProfileTab {
  return (PROFILE_PAGES as readonly (string | null)[]).includes(value);
}

/** /profile (spec §2): the signed-in user's own settings in four tabs, the tab in `?page=`. */
export function ProfilePage() {
  const { page = DEFAULT_PAGE } = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const { user, session } = useSignedInSession();
  const { isAdmin } = routeApi.useRouteContext();
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
          {/* Admins have no leads of their own to summarise (they see every organisation's at /enquiries). */}
          {isAdmin ? null : <LeadDigestForm />}
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
