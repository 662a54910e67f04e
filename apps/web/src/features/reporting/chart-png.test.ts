import { describe, expect, it } from 'vitest';
import { serializeChartSvg } from './lib/chart-png.ts';

function chartSvg(): SVGSVGElement {
  const container = document.createElement('div');
  container.innerHTML =
    '<svg class="recharts-surface"><g><path d="M0 0L10 10" style="stroke: rgb(1, 2, 3); fill: none"></path><text>Week of 2 Mar</text></g></svg>';
  document.body.append(container);
  const svg = container.querySelector('svg') as SVGSVGElement;
  svg.getBoundingClientRect = () => ({ width: 400, height: 200 }) as DOMRect;
  return svg;
}

describe('chart PNG export: the SVG it draws', () => {
  it('is a stand-alone SVG with a margin, so dots and labels on the edge are not cut', () => {
    const { markup, width, height } = serializeChartSvg(chartSvg());

    expect([width, height]).toEqual([432, 232]);
    const document = new DOMParser().parseFromString(markup, 'image/svg+xml');
    const root = document.documentElement;
    expect(root.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg');
    expect(root.getAttribute('viewBox')).toBe('-16 -16 432 232');
    expect(root.textContent).toContain('Week of 2 Mar');
  });

  it('writes the colours the page paints with into the copy (an SVG image cannot read CSS variables)', () => {
    const svg = chartSvg();
    const { markup } = serializeChartSvg(svg);

    const path = new DOMParser().parseFromString(markup, 'image/svg+xml').querySelector('path');
    expect(path?.getAttribute('style')).toContain('stroke:rgb(1, 2, 3)');
    // The page's own chart is left as it was.
    expect(svg.querySelector('path')?.getAttribute('style')).toBe('stroke: rgb(1, 2, 3); fill: none');
  });
});
