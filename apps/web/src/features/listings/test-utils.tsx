import type { Listing } from '@offplan/shared';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { renderWithProviders } from '../../test/render.tsx';

/** Renders a page component inside a one-route router (its links need a router) and the app's providers. */
export function renderInRouter(ui: () => ReactElement, path = '/') {
  const rootRoute = createRootRoute({ component: ui });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  return renderWithProviders(<RouterProvider router={router as never} />);
}

export function listingFixture(overrides: Partial<Listing> = {}): Listing {
  return {
    id: 7,
    name: 'harbour-residences',
    title: 'Harbour Residences',
    description: 'Waterfront apartments.',
    developerName: 'Harbourline Developments',
    builderName: null,
    marketerName: null,
    buildingType: 'APARTMENTS',
    projectType: 'HIGH_RISE',
    stage: 'PRECONSTRUCTION',
    stageLabel: 'Pre Construction',
    salesStatus: 'SELLING_NOW',
    salesStatusLabel: 'Selling Now',
    salesPeriodStage: null,
    campaignType: 'CPL',
    address: {
      fullAddress: '1 Quay Street, Sydney NSW 2000',
      streetNumber: '1',
      streetName: 'Quay Street',
      suburb: 'Sydney',
      state: 'NSW',
      postcode: '2000',
      lga: 'City of Sydney',
      country: 'Australia',
      lat: -33.86,
      lng: 151.21,
    },
    amenities: ['Pool'],
    estimatedCompletionQuarter: 2,
    estimatedCompletionYear: 2028,
    videoUrl: null,
    videoId: null,
    website: null,
    displaySuiteAddress: null,
    displaySuiteHours: null,
    prefix: 'nsw',
    slug: 'harbour-residences-sydney',
    publicPath: '/nsw/harbour-residences-sydney',
    organisationId: 'org1',
    configurations: [],
    images: [],
    brochures: [],
    floorplans: [],
    completeness: { brochure: false, floorplans: false, configurations: false, images: false, video: false },
    canEditCampaignType: false,
    canMoveStageBack: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    ...overrides,
  };
}
