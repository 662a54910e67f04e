import type { Listing, ListingUpdate } from '@offplan/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { isApiClientError } from '../../../lib/api-client.ts';
import { useSaveStatusStore } from '../../../stores/save-status-store.ts';
import { listingChanged, updateListing } from '../api/listing.ts';
import { changedFields, checkChanges, type ListingFormValues, toUpdate } from '../lib/listing-form.ts';

/** Quiet time after the last keystroke before a save starts. */
export const AUTOSAVE_DELAY_MS = 800;

type UpdateBody = Required<ListingUpdate>;
type UpdateKey = keyof UpdateBody;

export type AutosaveOptions = {
  listing: Listing;
  values: ListingFormValues;
  /** Fields this user may not change (campaign type for non-admins): never sent. */
  omit?: readonly UpdateKey[];
  /** Client or server refusals by field path; `cleared` lists top-level fields now accepted. */
  onFieldErrors: (errors: Record<string, string>, cleared: readonly string[]) => void;
  /** After a save, with the listing the server answered and the fields that were sent. */
  onSaved?: (listing: Listing, sent: readonly UpdateKey[]) => void;
  delay?: number;
};

function configurationsOf(listing: Listing): UpdateBody['configurations'] {
  return listing.configurations.map(
    ({ id, name, bedrooms, bathrooms, carSpaces, priceFrom, priceTo, internalSizeSqm, stockAvailable }) => ({
      id,
      name,
      bedrooms,
      bathrooms,
      carSpaces,
      priceFrom,
      priceTo,
      internalSizeSqm,
      stockAvailable,
    }),
  );
}

/**
 * Saves the listing editor's changes a moment after the user stops typing (PATCH of the changed
 * fields only) and drives the header save indicator: saving → saved, or failed with the API's
 * message (spec §4). Fields that fail the shared validation are held back with their message; the
 * other changes are still saved. A change made while a save runs is saved right after it.
 */
export function useListingAutosave({
  listing,
  values,
  omit = [],
  onFieldErrors,
  onSaved,
  delay = AUTOSAVE_DELAY_MS,
}: AutosaveOptions) {
  const queryClient = useQueryClient();
  const saved = useRef<UpdateBody | null>(null);
  if (saved.current === null) saved.current = toUpdate(values);
  const latest = useRef({ values, omit, onFieldErrors, onSaved });
  latest.current = { values, omit, onFieldErrors, onSaved };
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef(false);
  const again = useRef(false);
  const listingId = listing.id;

  const flush = useCallback(async () => {
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    if (inFlight.current) {
      again.current = true;
      return;
    }
    const base = saved.current;
    if (!base) return;
    const { values: current, omit: skip, onFieldErrors: reportErrors, onSaved: afterSave } = latest.current;
    const changes = changedFields(base, toUpdate(current), skip);
    const changedKeys = Object.keys(changes);
    if (changedKeys.length === 0) return;

    const { valid, errors } = checkChanges(changes);
    const sending = Object.keys(valid) as UpdateKey[];
    reportErrors(errors, sending);
    const status = useSaveStatusStore.getState();
    const firstError = Object.values(errors)[0];
    if (sending.length === 0) {
      if (firstError) status.failed(firstError);
      return;
    }

    inFlight.current = true;
    status.saving();
    try {
      const answer = await updateListing(listingId, valid);
      const next: UpdateBody = { ...base, ...valid } as UpdateBody;
      if (sending.includes('configurations')) next.configurations = configurationsOf(answer);
      saved.current = next;
      void listingChanged(queryClient, listingId, answer);
      afterSave?.(answer, sending);
      if (firstError) useSaveStatusStore.getState().failed(firstError);
      else useSaveStatusStore.getState().saved();
    } catch (error) {
      const message = error instanceof Error ? error.message : undefined;
      useSaveStatusStore.getState().failed(message);
      if (isApiClientError(error) && error.fields) latest.current.onFieldErrors(error.fields, []);
    } finally {
      inFlight.current = false;
      if (again.current) {
        again.current = false;
        void flush();
      }
    }
  }, [listingId, queryClient]);

  // Every change (re)starts the quiet-time timer.
  const serialized = JSON.stringify(values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialized values are the trigger.
  useEffect(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), delay);
  }, [serialized, delay, flush]);

  // Leaving the editor saves what is still waiting.
  useEffect(
    () => () => {
      if (timer.current) void flush();
    },
    [flush],
  );

  return { flush };
}
