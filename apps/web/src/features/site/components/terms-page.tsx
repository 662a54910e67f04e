import { List, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { siteQueryOptions } from '../api/site.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function TermsPage() {
  const { data: site } = useSuspenseQuery(siteQueryOptions());
  const product = site.productName;
  const portal = site.siteName;
  usePageTitle('Terms & Conditions');

  return (
    <Stack gap="lg" py="md" fz="sm">
      <Stack gap={6}>
        <Title order={1} size="h2">
          Terms &amp; Conditions
        </Title>
        <Text size="sm" c="dimmed">
          These terms apply to everyone who uses {portal}, the portal where developers, project marketers,
          sales agents and media agencies manage off-the-plan listings on the {product} marketplace. By
          creating an account or using the portal you agree to them. "We" and "us" means {product}; "you"
          means you and the organisation you act for.
        </Text>
      </Stack>

      <Section title="1. Your account">
        <List size="sm" spacing={4}>
          <List.Item>
            Give accurate details when you register and keep them up to date, including your name, email
            address, mobile number and organisation.
          </List.Item>
          <List.Item>
            Your account is for you alone. Keep your password private, do not share your sign-in, and tell us
            straight away if you think someone else has used it. Turning on two-step sign-in is strongly
            recommended.
          </List.Item>
          <List.Item>
            You are responsible for what is done through your account. If you act for an organisation, you
            confirm you are authorised to do so.
          </List.Item>
          <List.Item>
            Our staff may view the portal as you see it to provide support. Every such session is recorded
            under the staff member's own name, and you can opt out in your profile.
          </List.Item>
        </List>
      </Section>

      <Section title="2. Accuracy of listings">
        <Text size="sm">
          You are responsible for the projects and listings you publish or edit, including prices,
          availability, floor plans, images, completion dates and sales status. They must be accurate, kept
          current and not misleading or deceptive, as required by the Australian Consumer Law and the property
          and advertising laws of each state and territory.
        </Text>
        <Text size="sm">
          Only upload material you own or have permission to use. We may correct, hide or remove a listing
          that appears inaccurate, out of date or in breach of these terms, and we may ask you to show the
          basis for any claim it makes.
        </Text>
      </Section>

      <Section title="3. Leads and buyers' personal information">
        <Text size="sm">
          Enquiries from buyers ("leads") contain personal information. When you receive leads through the
          portal you must handle them in line with the Privacy Act 1988 (Cth) and the Australian Privacy
          Principles, whether or not your organisation would otherwise be covered by the Act. In particular:
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>
            use a buyer's details only to respond to their enquiry about the project they asked about, or for
            purposes they would reasonably expect (APP 6);
          </List.Item>
          <List.Item>
            follow the Spam Act 2003 (Cth) and the Do Not Call Register Act 2006 (Cth): no marketing without
            consent, and honour every request to unsubscribe (APP 7);
          </List.Item>
          <List.Item>
            keep lead information secure, limit it to the people who need it, and delete or de-identify it
            when it is no longer needed (APP 11);
          </List.Item>
          <List.Item>
            do not sell, rent or pass leads to anyone outside your organisation, and do not export them to a
            system or country that would not protect them to the same standard (APP 8);
          </List.Item>
          <List.Item>
            tell us promptly about any suspected data breach involving lead information, so that it can be
            assessed under the Notifiable Data Breaches scheme.
          </List.Item>
        </List>
        <Text size="sm">
          Some roles see lead counts and reports with contact details hidden. Do not try to get around those
          limits.
        </Text>
      </Section>

      <Section title="4. Acceptable use">
        <Text size="sm">You must not:</Text>
        <List size="sm" spacing={4}>
          <List.Item>use the portal for anything unlawful, fraudulent or misleading;</List.Item>
          <List.Item>
            access projects, leads or accounts you are not authorised to see, or probe, scan or test the
            security of the portal;
          </List.Item>
          <List.Item>
            copy, scrape or bulk-download data other than through the exports and integrations we provide;
          </List.Item>
          <List.Item>
            upload malicious code, or interfere with or place an unreasonable load on the service;
          </List.Item>
          <List.Item>upload content that is offensive, defamatory or infringes anyone's rights.</List.Item>
        </List>
        <Text size="sm">
          We may suspend or close an account that breaches these terms, or to protect buyers, other users or
          the service. Where it is reasonable to do so, we will tell you first and explain why.
        </Text>
      </Section>

      <Section title="5. Our service and liability">
        <Text size="sm">
          We work to keep the portal available, secure and accurate, but we provide it as it is and do not
          promise it will be uninterrupted or free of errors. Reports and lead figures are a guide; check
          anything important before relying on it.
        </Text>
        <Text size="sm">
          Nothing in these terms excludes rights you have under the Australian Consumer Law that cannot be
          excluded. Subject to that, we are not liable for indirect or consequential loss, lost profits or
          lost sales, and our total liability to you in connection with the portal is limited to resupplying
          the service or the fees you paid us for it in the 12 months before the claim. You are responsible
          for loss caused by your listings, your handling of leads or your breach of these terms.
        </Text>
      </Section>

      <Section title="6. Changes to these terms">
        <Text size="sm">
          We may update these terms as the portal and the law change. We will tell you about material changes
          by email or in the portal before they take effect. If you keep using the portal after that, the
          updated terms apply; if you do not agree, you can stop using it and ask us to close your account.
        </Text>
      </Section>

      <Section title="7. General">
        <Text size="sm">
          These terms are governed by the laws of New South Wales, Australia. If any part of them cannot be
          enforced, the rest still applies. For questions about these terms or about how we handle personal
          information, contact the {product} team.
        </Text>
      </Section>
    </Stack>
  );
}
