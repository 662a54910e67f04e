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

    fireEvent.mouseEnter(screen.getByTestId('listing-completeness-marks'));
    expect(
      await screen.findByText(
        'Brochure: added · Floorplans: missing · Configurations: added · Images: added · Video: missing',
      ),
    ).toBeTruthy();
  });
});
