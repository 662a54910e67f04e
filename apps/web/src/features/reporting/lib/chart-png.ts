/**
 * PNG export of a chart without a library: the chart's SVG is copied with the colours it is drawn
 * in (recharts and Mantine paint with CSS variables, which an SVG image cannot resolve on its own),
 * drawn onto a canvas at twice its size on the page's background, and saved as PNG.
 */

/** Properties a chart's look depends on; copied from the live element onto its clone. */
const PAINT_PROPERTIES = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
] as const;

function inlinePaint(source: Element, target: Element): void {
  const style = getComputedStyle(source);
  const declarations = PAINT_PROPERTIES.map((name) => `${name}:${style.getPropertyValue(name)}`).join(';');
  target.setAttribute('style', declarations);
  const sourceChildren = source.children;
  const targetChildren = target.children;
  for (let index = 0; index < sourceChildren.length; index += 1) {
    const child = sourceChildren[index];
    const clone = targetChildren[index];
    if (child && clone) inlinePaint(child, clone);
  }
}

/** Room around the chart: recharts draws the outermost dots and axis labels across the SVG's edge. */
const MARGIN = 16;

/** The chart's SVG as a stand-alone document with its colours written in and a margin around it. */
export function serializeChartSvg(svg: SVGSVGElement): { markup: string; width: number; height: number } {
  const box = svg.getBoundingClientRect();
  const width = box.width + 2 * MARGIN;
  const height = box.height + 2 * MARGIN;
  const clone = svg.cloneNode(true) as SVGSVGElement;
  inlinePaint(svg, clone);
  // As a namespace declaration, which the serializer writes once (a plain attribute came out twice).
  clone.setAttributeNS('http://www.w3.org/2000/xmlns/', 'xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  clone.setAttribute('viewBox', `${-MARGIN} ${-MARGIN} ${width} ${height}`);
  clone.setAttribute('overflow', 'visible');
  return { markup: new XMLSerializer().serializeToString(clone), width, height };
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The chart could not be drawn as an image'));
    image.src = src;
  });
}

/** How the image looks: the page's background, text colour and font, and the chart's title. */
export type ChartImageStyle = { background: string; color: string; fontFamily: string; title: string };

const TITLE_HEIGHT = 36;

/** The largest chart SVG inside `container` as a PNG blob with its title, at `scale` times its size. */
export async function chartToPng(container: HTMLElement, style: ChartImageStyle, scale = 2): Promise<Blob> {
  const svgs = [...container.querySelectorAll('svg')].filter((svg) => svg.getBoundingClientRect().width > 50);
  const svg = svgs.sort((a, b) => b.getBoundingClientRect().width - a.getBoundingClientRect().width)[0];
  if (!svg) throw new Error('There is no chart to export yet');
  const { markup, width, height } = serializeChartSvg(svg);
  const image = await loadImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round((height + TITLE_HEIGHT) * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw images');
  context.scale(scale, scale);
  context.fillStyle = style.background;
  context.fillRect(0, 0, width, height + TITLE_HEIGHT);
  context.fillStyle = style.color;
  context.font = `600 16px ${style.fontFamily}`;
  context.textBaseline = 'top';
  context.fillText(style.title, 16, 16);
  context.drawImage(image, 0, TITLE_HEIGHT, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be made'))),
      'image/png',
    ),
  );
}
