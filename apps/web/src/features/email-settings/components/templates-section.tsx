import { Group, Loader, SegmentedControl, Select, Stack, Text } from '@mantine/core';
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
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select
          label="Template"
          data={(list.data?.templates ?? []).map((template) => ({
            value: template.name,
            label: `${template.label}${template.customised ? ' (edited)' : ''}`,
          }))}
          value={name}
          onChange={(value) => value && setName(value as EmailTemplateName)}
          allowDeselect={false}
          w={260}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="template-site-label">
            Site
          </Text>
          <SegmentedControl
            aria-labelledby="template-site-label"
            value={tenant}
            onChange={(value) => setTenant(value as Tenant)}
            data={TENANTS.map((id) => ({ value: id, label: siteOf(id) }))}
          />
        </Stack>
      </Group>
      <TemplateLoader tenant={tenant} name={name} />
    </Stack>
  );
}
