import {
  DEFAULT_THEME,
  MantineProvider,
  type MantineProviderProps,
  type MantineThemeOverride,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { siteQueryOptions } from '../api/site.ts';

/** The tenant's primary colour when Mantine (or the theme) knows it, else the theme's own. */
export function brandedTheme(
  theme: MantineThemeOverride,
  primaryColor: string | undefined,
): MantineThemeOverride {
  if (!primaryColor || primaryColor === theme.primaryColor) return theme;
  const known = primaryColor in DEFAULT_THEME.colors || primaryColor in (theme.colors ?? {});
  return known ? { ...theme, primaryColor } : theme;
}

/** Design §8: MantineProvider with the primary colour of the host's tenant (GET /api/site). */
export function BrandedMantineProvider({
  theme,
  ...props
}: MantineProviderProps & { theme: MantineThemeOverride }) {
  // Not suspense: it wraps the router (no loader above it) and themes before the site answers.
  const { data: site } = useQuery(siteQueryOptions());
  const branded = useMemo(() => brandedTheme(theme, site?.primaryColor), [theme, site?.primaryColor]);
  return <MantineProvider theme={branded} {...props} />;
}
