import {
  API_PATHS,
  type InterestProduct,
  interestListSchema,
  myInterestSchema,
  type RegisterInterestInput,
} from '@offplan/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const PRODUCT: InterestProduct = 'product-ai';

export const myInterestQueryKey = ['interest', PRODUCT, 'me'] as const;
export const interestListQueryKey = ['interest', PRODUCT, 'list'] as const;

/** GET /api/interest/product-ai/me: whether the user already registered interest. */
export function myInterestQueryOptions() {
  return queryOptions({
    queryKey: myInterestQueryKey,
    queryFn: ({ signal }) => apiRequest(API_PATHS.myInterest(PRODUCT), { schema: myInterestSchema, signal }),
  });
}

/** GET /api/interest/product-ai (admins): who registered. */
export function interestListQueryOptions() {
  return queryOptions({
    queryKey: interestListQueryKey,
    queryFn: ({ signal }) => apiRequest(API_PATHS.interest(PRODUCT), { schema: interestListSchema, signal }),
  });
}

/** PUT /api/interest/product-ai/me: one click registers; clicking again changes nothing but the note. */
export function useRegisterInterest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterInterestInput) =>
      apiRequest(API_PATHS.myInterest(PRODUCT), { method: 'PUT', body, schema: myInterestSchema }),
    onSuccess: (interest) => {
      queryClient.setQueryData(myInterestQueryKey, interest);
      void queryClient.invalidateQueries({ queryKey: interestListQueryKey });
    },
  });
}
