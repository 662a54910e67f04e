import { describe, expect, it } from 'vitest';
import { projectSummaryOf } from '../../test/factories.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { PROJECT_GRID_COLS, ProjectGrid } from './components/project-grid.tsx';

describe('ProjectGrid', () => {
  it("loads the first row's photos at once and leaves the rest to load as they come into view", () => {
    const projects = Array.from({ length: 7 }, (_, index) =>
      projectSummaryOf(index + 1, `Project ${index + 1}`),
    );
    const { container } = renderWithProviders(<ProjectGrid projects={projects} />);
    const loading = [...container.querySelectorAll('img')].map((image) => image.getAttribute('loading'));
    const firstRow = Math.max(...Object.values(PROJECT_GRID_COLS));
    expect(loading).toEqual([...Array(firstRow).fill('eager'), ...Array(7 - firstRow).fill('lazy')]);
  });
});
