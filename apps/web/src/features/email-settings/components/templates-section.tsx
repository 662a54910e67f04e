import { Group, Loader, NavLink, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { type EmailTemplateName, TENANTS, type Tenant } from '@offplan/shared';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { sendersQueryOptions, templateQueryOptions, templatesQueryOptions } from '../api/email-settings.ts';
import { TemplateEditor } from './template-editor.tsx';

function TemplateLoader({ tenant, name }: { tenant: Tenant; name: EmailTemplateName }) {
  const template = useQuery(templateQueryOptions(tenant, name));
  if (template.isPending) return <Loader size="sm" aria-label="Loading the template" />;
  if (template.isError) return <FormError message={template.error.message} />;
  return (
    <TemplateEditor
      key={`${tenant}:${name}:${template.data.updatedAt}`}
      tenant={tenant}
      template={template.data}
    />
  );
}

/** Templates tab: the portal's emails, per site, each editable with a live preview. */
export function TemplatesSection() {
  const senders = useSuspenseQuery(sendersQueryOptions());
  const [tenant, setTenant] = useState<Tenant>('offplan');
  const [name, setName] = useState<EmailTemplateName>('verify-email');
  const list = useQuery(templatesQueryOptions(tenant));
  const siteOf = (id: Tenant) => senders.data.senders.find((sender) => sender.tenant === id)?.siteName ?? id;
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Text size="sm" fw={500} id="template-site-label">
          Site
        </Text>
        <SegmentedControl
          aria-labelledby="template-site-label"
          value={tenant}
          onChange={(value) => setTenant(value as Tenant)}
          data={TENANTS.map((id) => ({ value: id, label: siteOf(id) }))}
        />
      </Group>
      <Group align="flex-start" gap="md" wrap="wrap">
        <Paper withBorder p={4} w={{ base: '100%', sm: 220 }} component="nav" aria-label="Email templates">
          {(list.data?.templates ?? []).map((template) => (
            <NavLink
              key={template.name}
              component="button"
              label={template.label}
              description={template.customised ? 'Edited' : 'Default'}
              active={template.name === name}
              aria-current={template.name === name ? 'page' : undefined}
              onClick={() => setName(template.name)}
            />
          ))}
          {list.isPending ? <Loader size="sm" aria-label="Loading templates" m="sm" /> : null}
        </Paper>
        <div style={{ flex: 1, minWidth: 0 }}>
          <TemplateLoader tenant={tenant} name={name} />
        </div>
      </Group>
    </Stack>
  );
}
