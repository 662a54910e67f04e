import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import {
  type AustralianState,
  type BuildingType,
  type GazetteerResult,
  NEW_PROJECT_DEFAULTS,
  newProjectDraftSchema,
} from '@offplan/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiClientError } from '../../../lib/api-client.ts';
import { invalidateProjectAccess } from '../../projects/index.ts';
import { createDraft, useSearchAdd } from '../api/listing.ts';

export type DraftValues = {
  title: string;
  fullAddress: string;
  streetNumber: string;
  streetName: string;
  suburb: string;
  state: AustralianState | null;
  postcode: string;
  lga: string;
  lat: number | null;
  lng: number | null;
  buildingType: BuildingType;
};

/** The draft as the API takes it: the flat form's address fields under `address`. */
function toDraft(values: DraftValues) {
  return {
    title: values.title,
    address: {
      fullAddress:
        values.fullAddress || [values.suburb, values.state, values.postcode].filter(Boolean).join(' '),
      suburb: values.suburb,
      state: values.state,
      postcode: values.postcode,
      streetNumber: values.streetNumber.trim() || null,
      streetName: values.streetName.trim() || null,
      lga: values.lga.trim() || null,
      lat: values.lat,
      lng: values.lng,
    },
    buildingType: values.buildingType,
  };
}

const draftProblems = schemaResolver(newProjectDraftSchema, { sync: true });

/** The shared schema's messages under this form's flat field names (`address.suburb` → `suburb`). */
function validateDraft(values: DraftValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(draftProblems(toDraft(values)))) {
    const [first, second] = path.split('.');
    const key = first === 'address' ? (second ?? 'fullAddress') : first || 'title';
    errors[key] ??= key === 'state' ? 'Choose the state' : String(message);
  }
  return errors;
}

/**
 * The state of /projects/new: the debounced search-add query, the step (search or draft), the draft
 * form (validated with the shared newProjectDraftSchema) and its creation; a 409 goes back to the search.
 */
export function useNewProject() {
  const [query, setQuery] = useState('');
  const [q] = useDebouncedValue(query, 250);
  const [step, setStep] = useState<'search' | 'draft'>('search');
  const search = useSearchAdd(q);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  /** The server found the same project (409): back to the search, showing it. */
  const [duplicate, setDuplicate] = useState<string | null>(null);

  const form = useForm<DraftValues>({
    mode: 'controlled',
    initialValues: {
      title: '',
      fullAddress: '',
      streetNumber: '',
      streetName: '',
      suburb: '',
      state: null,
      postcode: '',
      lga: '',
      lat: null,
      lng: null,
      buildingType: NEW_PROJECT_DEFAULTS.buildingType,
    },
    validate: validateDraft,
  });

  const create = useMutation({
    mutationFn: createDraft,
    onSuccess: async (listing) => {
      await invalidateProjectAccess(queryClient);
      await navigate({ to: '/projects/$id/edit', params: { id: String(listing.id) } });
    },
    onError: (error) => {
      if (isApiClientError(error) && error.fields) form.setErrors(prefixAddressFields(error.fields));
    },
  });

  function startDraft(address?: GazetteerResult) {
    const typed = query.trim();
    form.setValues({
      title: address ? form.values.title : typed,
      ...(address
        ? {
            suburb: address.suburb,
            state: address.state,
            postcode: address.postcode,
            lga: address.lga ?? '',
            lat: address.lat,
            lng: address.lng,
            fullAddress: address.fullAddress ?? '',
            streetNumber: address.streetNumber ?? '',
            streetName: address.streetName ?? '',
          }
        : {}),
    });
    setStep('draft');
  }

  const submit = form.onSubmit((values) => {
    setDuplicate(null);
    const draft = newProjectDraftSchema.parse(toDraft(values));
    create.mutate(draft, {
      onError: (error) => {
        if (isApiClientError(error) && error.status === 409) {
          setDuplicate(error.message);
          setQuery(values.title);
          setStep('search');
        }
      },
    });
  });

  const searching = q.trim().length >= 2;
  return {
    query,
    setQuery,
    q,
    searching,
    search,
    step,
    setStep,
    duplicate,
    form,
    create,
    startDraft,
    submit,
  };
}

export type NewProjectState = ReturnType<typeof useNewProject>;

/** Server field paths (`address.suburb`) under this form's flat names. */
function prefixAddressFields(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([path, message]) => [
      path.startsWith('address.') ? path.slice(8) : path,
      message,
    ]),
  );
}
