import {
  API_PATHS,
  type ApiKeyScope,
  apiKeyListSchema,
  type CrmDeliveryStatus,
  type CrmDestination,
  type CrmDestinationInput,
  createdApiKeySchema,
  crmDeliveryPageSchema,
  crmDeliverySchema,
  crmDestinationListSchema,
  crmDestinationSchema,
  crmDestinationWithSecretSchema,
  crmProjectListSchema,
  crmResendAllAnswerSchema,
} from '@offplan/shared';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import { type ApiClientError, apiRequest } from '../../../lib/api-client.ts';

/** Every CRM read: invalidating it refreshes destinations, their logs, projects and keys. */
export const crmQueryKey = ['crm'] as const;
const destinationsKey = [...crmQueryKey, 'destinations'] as const;
const deliveriesKey = [...crmQueryKey, 'deliveries'] as const;
const projectsKey = [...crmQueryKey, 'projects'] as const;
const apiKeysKey = [...crmQueryKey, 'api-keys'] as const;

/** How many deliveries one "Load more" brings. */
export const DELIVERY_PAGE_SIZE = 25;

/** GET /api/crm/destinations: the organisation's destinations with their last 30 days. */
export function crmDestinationsQueryOptions() {
  return queryOptions({
    queryKey: destinationsKey,
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.crmDestinations, { schema: crmDestinationListSchema, signal }),
  });
}

/** GET /api/crm/projects: the organisation's projects with how their leads reach the CRM. */
export function crmProjectsQueryOptions() {
  return queryOptions({
    queryKey: projectsKey,
    queryFn: ({ signal }) => apiRequest(API_PATHS.crmProjects, { schema: crmProjectListSchema, signal }),
  });
}

/** GET /api/crm/api-keys: the organisation's keys that are not revoked. */
export function apiKeysQueryOptions() {
  return queryOptions({
    queryKey: apiKeysKey,
    queryFn: ({ signal }) => apiRequest(API_PATHS.apiKeys, { schema: apiKeyListSchema, signal }),
  });
}

/** GET /api/crm/destinations/{id}/deliveries: the log, newest first, page by page on the cursor. */
export function crmDeliveriesQueryOptions(destinationId: number, status: CrmDeliveryStatus | null) {
  return infiniteQueryOptions({
    queryKey: [...deliveriesKey, destinationId, status ?? 'all'] as const,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ signal, pageParam }) =>
      apiRequest(API_PATHS.crmDestinationDeliveries(destinationId), {
        query: { status: status ?? undefined, cursor: pageParam, limit: DELIVERY_PAGE_SIZE },
        schema: crmDeliveryPageSchema,
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** The destinations' counts and the projects' states, once deliveries have moved on their own. */
export function useRefreshDeliveryCounts() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: destinationsKey }),
        queryClient.invalidateQueries({ queryKey: projectsKey }),
      ]),
    [queryClient],
  );
}

/** A change to deliveries moves the destination's counts and the projects' states too. */
function useRefreshDeliveries() {
  const queryClient = useQueryClient();
  return (destinationId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...deliveriesKey, destinationId] }),
      queryClient.invalidateQueries({ queryKey: destinationsKey }),
      queryClient.invalidateQueries({ queryKey: projectsKey }),
    ]);
}

/** The destination as the form and the edit calls send it: only the kind's own address travels. */
export function destinationBody(input: CrmDestinationInput): CrmDestinationInput {
  const { url, email, ...common } = input;
  return input.kind === 'WEBHOOK' ? { ...common, url: url ?? '' } : { ...common, email: email ?? '' };
}

/** The saved destination as the form edits it (enable/disable sends it back whole). */
export function destinationInputOf(destination: CrmDestination): CrmDestinationInput {
  return destinationBody({
    name: destination.name,
    kind: destination.kind,
    url: destination.url ?? '',
    email: destination.email ?? '',
    allProjects: destination.allProjects,
    projectIds: destination.projectIds,
    enabled: destination.enabled,
  });
}

type DestinationWithSecret = z.output<typeof crmDestinationWithSecretSchema>;

/** POST /api/crm/destinations: the answer carries a webhook's secret, this once. */
export function useCreateDestination() {
  const queryClient = useQueryClient();
  return useMutation<DestinationWithSecret, ApiClientError, CrmDestinationInput>({
    mutationFn: (input) =>
      apiRequest(API_PATHS.crmDestinations, {
        method: 'POST',
        body: destinationBody(input),
        schema: crmDestinationWithSecretSchema,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: destinationsKey }),
        queryClient.invalidateQueries({ queryKey: projectsKey }),
      ]),
  });
}

/** PATCH /api/crm/destinations/{id}: edits, enables and disables (the whole destination is sent). */
export function useUpdateDestination() {
  const queryClient = useQueryClient();
  return useMutation<CrmDestination, ApiClientError, { id: number; input: CrmDestinationInput }>({
    mutationFn: ({ id, input }) =>
      apiRequest(API_PATHS.crmDestination(id), {
        method: 'PATCH',
        body: destinationBody(input),
        schema: crmDestinationSchema,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: destinationsKey }),
        queryClient.invalidateQueries({ queryKey: projectsKey }),
      ]),
  });
}

/** DELETE /api/crm/destinations/{id}: the destination and its log. */
export function useDeleteDestination() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiClientError, number>({
    mutationFn: (id) => apiRequest(API_PATHS.crmDestination(id), { method: 'DELETE', schema: z.unknown() }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: [...deliveriesKey, id] });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: destinationsKey }),
        queryClient.invalidateQueries({ queryKey: projectsKey }),
      ]);
    },
  });
}

/** POST /api/crm/destinations/{id}/secret: a new secret, this once; the old one signs for 24 hours more. */
export function useRotateSecret() {
  const queryClient = useQueryClient();
  return useMutation<DestinationWithSecret, ApiClientError, number>({
    mutationFn: (id) =>
      apiRequest(API_PATHS.crmDestinationSecret(id), {
        method: 'POST',
        schema: crmDestinationWithSecretSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: destinationsKey }),
  });
}

/** POST /api/crm/destinations/{id}/test: a sample lead, delivered like any other. */
export function useSendTestLead() {
  const refresh = useRefreshDeliveries();
  return useMutation<z.output<typeof crmDeliverySchema>, ApiClientError, number>({
    mutationFn: (id) =>
      apiRequest(API_PATHS.crmDestinationTest(id), { method: 'POST', schema: crmDeliverySchema }),
    onSuccess: (_delivery, id) => refresh(id),
  });
}

/** POST /api/crm/deliveries/{id}/resend: one delivery again now, with the same webhook-id. */
export function useResendDelivery(destinationId: number) {
  const refresh = useRefreshDeliveries();
  return useMutation<z.output<typeof crmDeliverySchema>, ApiClientError, number>({
    mutationFn: (deliveryId) =>
      apiRequest(API_PATHS.crmDeliveryResend(deliveryId), { method: 'POST', schema: crmDeliverySchema }),
    onSuccess: () => refresh(destinationId),
  });
}

/** POST /api/crm/destinations/{id}/resend-failed: every failed delivery of the last 30 days. */
export function useResendFailed(destinationId: number) {
  const refresh = useRefreshDeliveries();
  return useMutation<z.output<typeof crmResendAllAnswerSchema>, ApiClientError, void>({
    mutationFn: () =>
      apiRequest(API_PATHS.crmDestinationResendFailed(destinationId), {
        method: 'POST',
        schema: crmResendAllAnswerSchema,
      }),
    onSuccess: () => refresh(destinationId),
  });
}

/** POST /api/crm/api-keys: the answer carries the key, this once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation<
    z.output<typeof createdApiKeySchema>,
    ApiClientError,
    { name: string; scope: ApiKeyScope }
  >({
    mutationFn: (input) =>
      apiRequest(API_PATHS.apiKeys, { method: 'POST', body: input, schema: createdApiKeySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

/** DELETE /api/crm/api-keys/{id}: the key stops working at once. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiClientError, number>({
    mutationFn: (id) => apiRequest(API_PATHS.apiKey(id), { method: 'DELETE', schema: z.unknown() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
