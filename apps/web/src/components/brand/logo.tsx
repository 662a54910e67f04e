import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingSkyscraper } from '@tabler/icons-react';

type LogoProps = {
  siteName: string;
  size?: 'sm' | 'md' | 'lg';
};

const SIZES = {
  sm: { icon: 28, glyph: 16, text: 'md' },
  md: { icon: 34, glyph: 20, text: 'lg' },
  lg: { icon: 42, glyph: 24, text: 'xl' },
} as const;

/** The site's mark and name. Tenants get their own artwork later (design §8); the name already varies. */
export function Logo({ siteName, size = 'md' }: LogoProps) {
  const dimensions = SIZES[size];
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size={dimensions.icon} radius="md" variant="filled" aria-hidden>
        <IconBuildingSkyscraper size={dimensions.glyph} stroke={1.75} />
      </ThemeIcon>
      <Text fw={700} fz={dimensions.text} lh={1.1}>
        {siteName}
      </Text>
    </Group>
  );
}
