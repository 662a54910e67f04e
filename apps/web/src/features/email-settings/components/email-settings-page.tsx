import { Stack, Tabs, Text } from '@mantine/core';
import { IconAddressBook, IconMailCog, IconTemplate } from '@tabler/icons-react';
import { RecipientsSection } from './recipients-section.tsx';
import { SendersSection } from './senders-section.tsx';
import { TemplatesSection } from './templates-section.tsx';

/** /email-settings (issue 19 item 4, platform admins with settings.manage): senders, lead recipients, templates. */
export function EmailSettingsPage() {
  return (
    <Stack gap="lg">
      <Text size="sm">
        Who the portal's emails come from, who hears about new leads, and what the emails say.
      </Text>
      <Tabs defaultValue="senders" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="senders" leftSection={<IconMailCog size={16} stroke={1.6} />}>
            Senders
          </Tabs.Tab>
          <Tabs.Tab value="recipients" leftSection={<IconAddressBook size={16} stroke={1.6} />}>
            Lead recipients
          </Tabs.Tab>
          <Tabs.Tab value="templates" leftSection={<IconTemplate size={16} stroke={1.6} />}>
            Templates
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="senders" pt="md">
          <SendersSection />
        </Tabs.Panel>
        <Tabs.Panel value="recipients" pt="md">
          <RecipientsSection />
        </Tabs.Panel>
        <Tabs.Panel value="templates" pt="md">
          <TemplatesSection />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
