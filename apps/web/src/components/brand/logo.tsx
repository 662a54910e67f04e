import { Group, Image, Text, ThemeIcon } from '@mantine/core';
import type { SiteInfo } from '@offplan/shared';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { QueryClientContext } from '@tanstack/react-query';
import { useContext } from 'react';

type LogoProps = {
  siteName: string;
  size?: 'sm' | 'md' | 'lg';
  /** The tenant's mark; by default the one GET /api/site answered (design §8). */
  logoUrl?: string;
};

const SIZES = {
  sm: { icon: 28, glyph: 16, text: 'md' },
  md: { icon: 34, glyph: 20, text: 'lg' },
  lg: { icon: 42, glyph: 24, text: 'xl' },
} as const;

/** The tenant's logo (from the site answer the root route loads first), if any. */
function useTenantLogoUrl(): string | undefined {
  const queryClient = useContext(QueryClientContext);
  return queryClient?.getQueryData<SiteInfo>(['site'])?.logoUrl;
}

/** The site's mark and name: each tenant has its own mark and site name (design §8). */
export function Logo({ siteName, size = 'md', logoUrl }: LogoProps) {
  const dimensions = SIZES[size];
  const tenantLogoUrl = useTenantLogoUrl();
  const src = logoUrl ?? tenantLogoUrl;
  return (
    <Group gap="xs" wrap="nowrap">
      {src ? (
        <Image src={src} alt="" w={dimensions.icon} h={dimensions.icon} fit="contain" aria-hidden />
      ) : (
        <ThemeIcon size={dimensions.icon} radius="md" variant="filled" aria-hidden>
          <IconBuildingSkyscraper size={dimensions.glyph} stroke={1.75} />
        </ThemeIcon>
      )}
      <Text fw={700} fz={dimensions.text} lh={1.1}>
        {siteName}
      </Text>
    </Group>
  );
}
