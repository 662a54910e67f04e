import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ListingCompleteness } from './components/listing-completeness.tsx';

const facts = { brochure: true, floorplans: false, configurations: true, images: true, video: false };

describe('ListingCompleteness', () => {
  it('says in text what is missing, and on hovering its marks what each one stands for', async () => {
    renderWithProviders(<ListingCompleteness projectId={7} facts={facts} canEdit={false} />);
    expect(screen.getByText('Listing 60% complete')).toBeTruthy();
    expect(screen.getByText(/Missing: floorplans, video\./)).toBeTruthy();

    // The first hover loads the tooltip's code and opens it while the pointer is there.
    fireEvent.pointerEnter(screen.getByTestId('listing-completeness-marks'));
    const brochure = await screen.findByText('Brochure: added');
    expect([...(brochure.parentElement?.children ?? [])].map((line) => line.textContent)).toEqual([
      'Brochure: added',
      'Floorplans: missing',
      'Configurations: added',
      'Images: added',
      'Video: missing',
    ]);
  });
});

describe('ListingCompleteness on a card mounted once the tooltip is in', () => {
  // The test above loaded the tooltip's code (module state lasts for the file).
  it('opens its tooltip on hover like any tooltip', async () => {
    renderWithProviders(<ListingCompleteness projectId={8} facts={facts} canEdit={false} />);
    expect(screen.queryByText('Brochure: added')).toBeNull();
    fireEvent.mouseEnter(screen.getByTestId('listing-completeness-marks'));
    expect(await screen.findByText('Brochure: added')).toBeTruthy();
  });
});
