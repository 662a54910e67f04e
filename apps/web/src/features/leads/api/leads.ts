import {
  API_PATHS,
  type LeadResponseTarget,
  type LeadStatusChange,
  leadDetailSchema,
  leadPageSchema,
  leadRecipientsSchema,
  leadResponseTargetSchema,
  leadResponseTimesSchema,
  messageOrganisationsResponseSchema,
} from '@offplan/shared';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClientError, apiRequest } from '../../../lib/api-client.ts';
import { type LeadSearch, leadApiQuery, leadQueryString } from '../lib/lead-search.ts';

/** Every leads read: invalidating it refreshes the table, the response times and any open lead. */
export const leadsQueryKey = ['leads'] as const;

/** GET /api/leads: one page of the leads the reader may see, as the URL filters them. */
export function leadsQueryOptions(search: LeadSearch) {
  const query = leadApiQuery(search);
  return queryOptions({
    queryKey: [...leadsQueryKey, 'list', leadQueryString(search)] as const,
    queryFn: ({ signal }) => apiRequest(API_PATHS.leads, { query, schema: leadPageSchema, signal }),
  });
}

/** GET /api/leads/response-times: median and 90th percentile for the same filters (no paging). */
export function leadResponseTimesQueryOptions(search: LeadSearch) {
  const query = leadApiQuery(search, { paged: false });
  return queryOptions({
    queryKey: [...leadsQueryKey, 'response-times', leadQueryString(search, { paged: false })] as const,
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.leadResponseTimes, { query, schema: leadResponseTimesSchema, signal }),
  });
}

/** GET /api/leads/{id}: one lead with its score explanation and timeline. */
export function leadQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...leadsQueryKey, 'detail', id] as const,
    queryFn: ({ signal }) => apiRequest(API_PATHS.lead(id), { schema: leadDetailSchema, signal }),
  });
}

/**
 * The export's address with the filters shown. A plain link, not a fetch: the browser streams the
 * file to disk however large it is, with the session cookie.
 */
export function leadsExportHref(search: LeadSearch): string {
  const query = leadQueryString(search, { paged: false });
  return query ? `${API_PATHS.leadsExport}?${query}` : API_PATHS.leadsExport;
}

/**
 * A change answers the lead as it now is; it goes straight into the cache. Should the answer be
 * anything else, the lead is read again instead. The list and response times refresh either way.
 */
async function settleLeadChange(queryClient: QueryClient, id: number, answer: unknown) {
  const lead = leadDetailSchema.safeParse(answer);
  if (lead.success) queryClient.setQueryData(leadQueryOptions(id).queryKey, lead.data);
  await queryClient.invalidateQueries({
    queryKey: leadsQueryKey,
    predicate: (query) => !lead.success || query.queryKey[1] !== 'detail' || query.queryKey[2] !== id,
  });
}

function useLeadChange<TInput>(id: number, send: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiClientError, TInput>({
    mutationFn: send,
    onSuccess: (answer) => settleLeadChange(queryClient, id, answer),
  });
}

/** POST /api/leads/{id}/status. */
export function useChangeLeadStatus(id: number) {
  return useLeadChange(id, (change: LeadStatusChange) =>
    apiRequest(API_PATHS.leadStatus(id), { method: 'POST', body: change, schema: z.unknown() }),
  );
}

/** POST /api/leads/{id}/notes. */
export function useAddLeadNote(id: number) {
  return useLeadChange(id, (text: string) =>
    apiRequest(API_PATHS.leadNotes(id), { method: 'POST', body: { text }, schema: z.unknown() }),
  );
}

/** PUT /api/leads/{id}/assignee; null unassigns. */
export function useAssignLead(id: number) {
  return useLeadChange(id, (assigneeId: string | null) =>
    apiRequest(API_PATHS.leadAssignee(id), { method: 'PUT', body: { assigneeId }, schema: z.unknown() }),
  );
}

/** GET /api/leads/settings: the organisation's speed-to-lead target. */
export function leadSettingsQueryOptions() {
  return queryOptions({
    queryKey: [...leadsQueryKey, 'settings'] as const,
    queryFn: ({ signal }) => apiRequest(API_PATHS.leadSettings, { schema: leadResponseTargetSchema, signal }),
  });
}

/** PUT /api/leads/settings. */
export function useSaveLeadSettings() {
  const queryClient = useQueryClient();
  return useMutation<LeadResponseTarget, ApiClientError, LeadResponseTarget>({
    mutationFn: (target) =>
      apiRequest(API_PATHS.leadSettings, { method: 'PUT', body: target, schema: leadResponseTargetSchema }),
    onSuccess: (target) => {
      queryClient.setQueryData(leadSettingsQueryOptions().queryKey, target);
      return queryClient.invalidateQueries({ queryKey: [...leadsQueryKey, 'response-times'] });
    },
  });
}

/** GET /api/projects/{id}/lead-recipients: who a project's new leads are emailed to. */
export function projectLeadRecipientsQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: [...leadsQueryKey, 'recipients', projectId] as const,
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.projectLeadRecipients(projectId), { schema: leadRecipientsSchema, signal }),
  });
}

/** PUT /api/projects/{id}/lead-recipients; an empty list goes back to the defaults. */
export function useSaveLeadRecipients(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation<z.output<typeof leadRecipientsSchema>, ApiClientError, string[]>({
    mutationFn: (emails) =>
      apiRequest(API_PATHS.projectLeadRecipients(projectId), {
        method: 'PUT',
        body: { emails },
        schema: leadRecipientsSchema,
      }),
    onSuccess: (recipients) =>
      queryClient.setQueryData(projectLeadRecipientsQueryOptions(projectId).queryKey, recipients),
  });
}

/** GET /api/admin/messages/organisations: the organisations an admin may filter /enquiries by. */
export function leadOrganisationsQueryOptions() {
  return queryOptions({
    queryKey: [...leadsQueryKey, 'organisations'] as const,
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.adminMessageOrganisations, { schema: messageOrganisationsResponseSchema, signal }),
  });
}
