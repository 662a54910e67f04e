import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  luminance,
  type MantineColorsTuple,
  type MantineTheme,
} from '@mantine/core';
import { MOBILE_BREAKPOINT_PX } from '@offplan/shared';

/** Harbour teal: calm, readable on white, and distinct from the red/green used for status. */
const brand: MantineColorsTuple = [
  '#e6f6f9',
  '#d2eaef',
  '#a5d3de',
  '#74bacb',
  '#4ca6bb',
  '#3299b2',
  '#2093ad',
  '#0f7f98',
  '#007188',
  '#006277',
];

const PAGINATION_CONTROL_NAMES = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

export const theme = createTheme({
  primaryColor: 'brand',
  // Shade 7 keeps white button text above WCAG AA contrast, in both schemes.
  primaryShade: { light: 7, dark: 7 },
  colors: { brand },
  autoContrast: true,
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '650',
  },
  // xs is the spec's mobile boundary (spec §9); keep postcss.config.cjs in step.
  breakpoints: {
    xs: `${MOBILE_BREAKPOINT_PX / 16}em`,
    sm: '48em',
    md: '62em',
    lg: '75em',
    xl: '88em',
  },
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'md', padding: 'lg' } },
    Paper: { defaultProps: { radius: 'md' } },
    Badge: { defaultProps: { radius: 'sm', variant: 'light' } },
    // A link set in running text must differ from it by more than its colour (WCAG 1.4.1, axe
    // link-in-text-block): in dark mode the teal sits too close to the body text. Underlined everywhere,
    // so links look the same wherever they stand.
    Anchor: { defaultProps: { underline: 'always' } },
    // The × of every dialog and drawer has a name for screen readers (axe button-name).
    // Every pager's arrows and pages have names (icons alone leave screen readers saying "button").
    Pagination: {
      defaultProps: {
        getControlProps: (control: 'first' | 'previous' | 'next' | 'last') => ({
          'aria-label': PAGINATION_CONTROL_NAMES[control],
        }),
        getItemProps: (page: number) => ({ 'aria-label': `Page ${page}` }),
      },
    },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});

/** WCAG AA for normal text, with a little room for rounding in the checkers. */
const TEXT_CONTRAST = 4.6;

function contrast(foreground: string, background: string): number {
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

/**
 * Light-variant badges, alerts and buttons print shade 9 on shade 1 in light mode: 3.8:1 for green,
 * 2.7:1 for yellow, 4.3:1 for teal (axe color-contrast). Each colour that falls short gets its shade 9
 * darkened just enough, so the hue stays recognisable.
 */
function readableLightVariantColors(theme: MantineTheme): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    const background = shades[1];
    let foreground = shades[9];
    if (!background || !foreground || name === 'dark') continue;
    if (contrast(foreground, background) >= TEXT_CONTRAST) continue;
    for (let amount = 0.05; amount < 1 && contrast(foreground, background) < TEXT_CONTRAST; amount += 0.05) {
      foreground = darken(shades[9] ?? foreground, amount);
    }
    variables[`--mantine-color-${name}-light-color`] = foreground;
  }
  return variables;
}

/**
 * A slightly tinted page background lets white cards and panels stand out in light mode. Mantine's
 * dimmed grey (gray.6: 3.3:1 on white, 4.0:1 on dark) and its error red on dark (3:1) fall under WCAG
 * AA's 4.5:1 for the small print they are used for (axe color-contrast): a shade darker in light, lighter
 * in dark, for every page at once.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    ...readableLightVariantColors(theme),
    '--app-body-bg': '#f6f8fa',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Links in brand.7 read at 4.37:1 on the tinted page background; brand.8 at 5.3:1.
    '--mantine-color-anchor': 'var(--mantine-color-brand-8)',
  },
  dark: {
    '--app-body-bg': 'var(--mantine-color-dark-8)',
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
