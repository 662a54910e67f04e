import { type Listing, VIDEO_LINK_INVALID_MESSAGE } from '@offplan/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSaveStatusStore } from '../../stores/save-status-store.ts';
import { ok, stubApi } from '../../test/api-stub.ts';
import { jsonResponse } from '../../test/render.tsx';
import { ListingEditor } from './components/listing-editor.tsx';
import { listingFixture, renderInRouter } from './test-utils.tsx';

type Patch = { path: string; body: Record<string, unknown> };

/**
 * Answers the listing API like the server: PATCH merges the body into the listing. `answer` may
 * replace the answer of a PATCH (an error), and `gate` holds it until the test lets it go.
 */
function stubListingApi(
  listing: Listing,
  options: {
    answer?: (body: Record<string, unknown>) => Response | undefined;
    gate?: Promise<void>;
  } = {},
) {
  const patches: Patch[] = [];
  stubApi({
    [`PATCH /api/listings/${listing.id}`]: async ({ path, body }) => {
      const changes = body as Record<string, unknown>;
      patches.push({ path, body: changes });
      await options.gate;
      return options.answer?.(changes) ?? ok({ listing: { ...listing, ...changes } });
    },
    [`GET /api/listings/${listing.id}`]: ok({ listing }),
    'GET /api/gazetteer': ok({
      results: [
        {
          suburb: 'Parramatta',
          postcode: '2150',
          state: 'NSW',
          lga: 'City of Parramatta',
          lat: -33.81,
          lng: 151.0,
          label: 'Parramatta NSW 2150',
          source: 'gazetteer',
        },
      ],
    }),
  });
  return patches;
}

/** Every state the header save indicator went through. */
function recordSaveStatus() {
  const seen: { status: string; message: string | undefined }[] = [];
  const stop = useSaveStatusStore.subscribe((state) =>
    seen.push({ status: state.status, message: state.message }),
  );
  return { seen, stop };
}

function renderEditor(listing: Listing) {
  return renderInRouter(() => <ListingEditor listing={listing} />);
}

const SAVE_WAIT = { timeout: 5000 };
/** Two shared CPU cores: a render of the whole editor may take seconds. */
const SLOW = 30_000;

beforeEach(() => {
  useSaveStatusStore.getState().reset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('listing editor autosave', () => {
  it(
    'saves a changed title after a pause, sending only that field, and shows saving then saved',
    async () => {
      const listing = listingFixture();
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const patches = stubListingApi(listing, { gate });
      const { seen, stop } = recordSaveStatus();
      renderEditor(listing);

      fireEvent.change(await screen.findByLabelText(/^Title/), {
        target: { value: 'Harbour Residences East' },
      });
      expect(patches).toHaveLength(0);

      await waitFor(() => expect(useSaveStatusStore.getState().status).toBe('saving'), SAVE_WAIT);
      expect(patches).toEqual([{ path: '/api/listings/7', body: { title: 'Harbour Residences East' } }]);

      release();
      await waitFor(() => expect(useSaveStatusStore.getState().status).toBe('saved'));
      stop();
      expect(seen.map((entry) => entry.status)).toEqual(['saving', 'saved']);
    },
    SLOW,
  );

  it(
    'gathers quick edits into one save',
    async () => {
      const listing = listingFixture();
      const patches = stubListingApi(listing);
      renderEditor(listing);

      const website = await screen.findByLabelText('Website');
      fireEvent.change(website, { target: { value: 'https://harb' } });
      fireEvent.change(website, { target: { value: 'https://harbour.example' } });
      fireEvent.change(screen.getByLabelText('Builder'), { target: { value: 'Coastal Build' } });

      await waitFor(() => expect(useSaveStatusStore.getState().status).toBe('saved'), SAVE_WAIT);
      expect(patches.map((patch) => patch.body)).toEqual([
        { builderName: 'Coastal Build', website: 'https://harbour.example' },
      ]);
    },
    SLOW,
  );

  it(
    "shows the API's error message in the save indicator when a save fails",
    async () => {
      const listing = listingFixture();
      stubListingApi(listing, {
        answer: () =>
          jsonResponse(503, {
            error: { code: 'UNAVAILABLE', message: 'The listing service is busy. Try again.' },
          }),
      });
      renderEditor(listing);

      fireEvent.change(await screen.findByLabelText('Builder'), { target: { value: 'Coastal Build' } });

      await waitFor(() => expect(useSaveStatusStore.getState().status).toBe('error'), SAVE_WAIT);
      expect(useSaveStatusStore.getState().message).toBe('The listing service is busy. Try again.');
    },
    SLOW,
  );
});

describe('listing editor address lookup', () => {
  it(
    'fills the address from a gazetteer pick and saves it',
    async () => {
      const listing = listingFixture();
      const patches = stubListingApi(listing);
      renderEditor(listing);

      const lookup = await screen.findByRole('combobox', { name: /^Look up the suburb or address/ });
      fireEvent.change(lookup, { target: { value: 'Parra' } });
      fireEvent.click(
        await screen.findByRole('option', { name: 'Parramatta NSW 2150', hidden: true }, SAVE_WAIT),
      );

      await waitFor(() => expect(useSaveStatusStore.getState().status).toBe('saved'), SAVE_WAIT);
      expect(patches.map((patch) => patch.body)).toEqual([
        {
          address: {
            ...listing.address,
            suburb: 'Parramatta',
            state: 'NSW',
            postcode: '2150',
            lga: 'City of Parramatta',
            lat: -33.81,
            lng: 151.0,
          },
        },
      ]);
    },
    SLOW,
  );
});

describe('listing editor video link (spec §5)', () => {
  it(
    'refuses a link without an 11-character video id with the field message, and never sends it',
    async () => {
      const listing = listingFixture();
      const patches = stubListingApi(listing);
      renderEditor(listing);

      fireEvent.change(await screen.findByLabelText(/^Video link/), {
        target: { value: 'https://www.youtube.com/watch?v=tooShort' },
      });

      expect(await screen.findByText(VIDEO_LINK_INVALID_MESSAGE, {}, SAVE_WAIT)).toBeTruthy();
      expect(useSaveStatusStore.getState()).toMatchObject({
        status: 'error',
        message: VIDEO_LINK_INVALID_MESSAGE,
      });
      expect(patches).toEqual([]);
    },
    SLOW,
  );

  it(
    'saves a valid short link',
    async () => {
      const listing = listingFixture();
      const patches = stubListingApi(listing);
      renderEditor(listing);

      fireEvent.change(await screen.findByLabelText(/^Video link/), {
        target: { value: 'https://youtu.be/dQw4w9WgXcQ' },
      });

      await waitFor(() => expect(useSaveStatusStore.getState().status).toBe('saved'), SAVE_WAIT);
      expect(patches.map((patch) => patch.body)).toEqual([{ videoUrl: 'https://youtu.be/dQw4w9WgXcQ' }]);
      expect(screen.queryByText(VIDEO_LINK_INVALID_MESSAGE)).toBeNull();
    },
    SLOW,
  );

  it(
    "shows the server's field message when the server refuses the link (400)",
    async () => {
      const listing = listingFixture();
      stubListingApi(listing, {
        answer: () =>
          jsonResponse(400, {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Check the highlighted fields.',
              fields: { videoUrl: 'That video is not available.' },
            },
          }),
      });
      renderEditor(listing);

      fireEvent.change(await screen.findByLabelText(/^Video link/), {
        target: { value: 'https://youtu.be/dQw4w9WgXcQ' },
      });

      expect(await screen.findByText('That video is not available.', {}, SAVE_WAIT)).toBeTruthy();
      expect(useSaveStatusStore.getState()).toMatchObject({
        status: 'error',
        message: 'Check the highlighted fields.',
      });
    },
    SLOW,
  );
});

describe('listing editor permissions', () => {
  it(
    'shows campaign type to admins only',
    async () => {
      stubListingApi(listingFixture());
      const member = renderEditor(listingFixture());
      expect(await screen.findByLabelText(/^Title/)).toBeTruthy();
      expect(screen.queryByRole('combobox', { name: /^Campaign type/ })).toBeNull();
      member.unmount();

      renderEditor(listingFixture({ canEditCampaignType: true, canMoveStageBack: true }));
      expect(await screen.findByRole('combobox', { name: /^Campaign type/ })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'offers a member only forward stage moves',
    async () => {
      stubListingApi(listingFixture());
      renderEditor(listingFixture({ stage: 'PRECONSTRUCTION' }));

      fireEvent.click(await screen.findByRole('combobox', { name: /^Construction stage/ }));
      const listbox = await screen.findByRole('listbox', { hidden: true, name: /^Construction stage/ });
      const options = within(listbox)
        .getAllByRole('option', { hidden: true })
        .map((option) => option.textContent);
      expect(options).toEqual(['Pre Construction', 'Construction Commenced', 'Construction Complete']);
    },
    SLOW,
  );
});
