import {
  EMAIL_SETTINGS_API_PATHS,
  type EmailTemplateInput,
  type EmailTemplateName,
  emailPreviewSchema,
  emailRecipientsProjectSchema,
  emailSenderSchema,
  emailTemplateSchema,
  emailTemplateSummarySchema,
  emailTestSentSchema,
  leadRecipientsSchema,
  type Tenant,
} from '@offplan/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClientError, apiRequest } from '../../../lib/api-client.ts';

/** /email-settings (issue 19 item 4, decision 034): the admins' calls. */
const PATHS = EMAIL_SETTINGS_API_PATHS;
const KEY = ['email-settings'] as const;

const sendersSchema = z.object({ senders: z.array(emailSenderSchema) });
const projectsSchema = z.object({ projects: z.array(emailRecipientsProjectSchema) });
const templatesSchema = z.object({ templates: z.array(emailTemplateSummarySchema) });

export const sendersQueryOptions = () =>
  queryOptions({
    queryKey: [...KEY, 'senders'],
    queryFn: ({ signal }) => apiRequest(PATHS.senders, { schema: sendersSchema, signal }),
  });

export function useSaveSender(tenant: Tenant) {
  const queryClient = useQueryClient();
  return useMutation<z.output<typeof emailSenderSchema>, ApiClientError, { name: string; address: string }>({
    mutationFn: (body) =>
      apiRequest(PATHS.sender(tenant), { method: 'PUT', body, schema: emailSenderSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'senders'] }),
  });
}

export const recipientProjectsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...KEY, 'projects', q],
    queryFn: ({ signal }) =>
      apiRequest(`${PATHS.projects}?${new URLSearchParams(q ? { q } : {})}`, {
        schema: projectsSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const recipientsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: [...KEY, 'recipients', projectId],
    queryFn: ({ signal }) =>
      apiRequest(PATHS.projectLeadRecipients(projectId), { schema: leadRecipientsSchema, signal }),
  });

export function useSaveRecipients(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation<z.output<typeof leadRecipientsSchema>, ApiClientError, string[]>({
    mutationFn: (emails) =>
      apiRequest(PATHS.projectLeadRecipients(projectId), {
        method: 'PUT',
        body: { emails },
        schema: leadRecipientsSchema,
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData([...KEY, 'recipients', projectId], saved);
      await queryClient.invalidateQueries({ queryKey: [...KEY, 'projects'] });
    },
  });
}

export const templatesQueryOptions = (tenant: Tenant) =>
  queryOptions({
    queryKey: [...KEY, 'templates', tenant],
    queryFn: ({ signal }) =>
      apiRequest(`${PATHS.templates}?tenant=${tenant}`, { schema: templatesSchema, signal }),
  });

export const templateQueryOptions = (tenant: Tenant, name: EmailTemplateName) =>
  queryOptions({
    queryKey: [...KEY, 'templates', tenant, name],
    queryFn: ({ signal }) =>
      apiRequest(`${PATHS.template(name)}?tenant=${tenant}`, { schema: emailTemplateSchema, signal }),
  });

type TemplateTarget = { tenant: Tenant; name: EmailTemplateName };

export function usePreviewTemplate({ tenant, name }: TemplateTarget) {
  return useMutation<z.output<typeof emailPreviewSchema>, ApiClientError, EmailTemplateInput>({
    mutationFn: (body) =>
      apiRequest(`${PATHS.templatePreview(name)}?tenant=${tenant}`, {
        method: 'POST',
        body,
        schema: emailPreviewSchema,
      }),
  });
}

export function useTestTemplate({ tenant, name }: TemplateTarget) {
  return useMutation<z.output<typeof emailTestSentSchema>, ApiClientError, EmailTemplateInput>({
    mutationFn: (body) =>
      apiRequest(`${PATHS.templateTest(name)}?tenant=${tenant}`, {
        method: 'POST',
        body,
        schema: emailTestSentSchema,
      }),
  });
}

/** Saves (an input) or resets to the default (null); the template and the list are refreshed. */
export function useSaveTemplate({ tenant, name }: TemplateTarget) {
  const queryClient = useQueryClient();
  return useMutation<z.output<typeof emailTemplateSchema>, ApiClientError, EmailTemplateInput | null>({
    mutationFn: (body) =>
      apiRequest(`${PATHS.template(name)}?tenant=${tenant}`, {
        method: body ? 'PUT' : 'DELETE',
        ...(body ? { body } : {}),
        schema: emailTemplateSchema,
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData([...KEY, 'templates', tenant, name], saved);
      await queryClient.invalidateQueries({ queryKey: [...KEY, 'templates', tenant], exact: true });
    },
  });
}
