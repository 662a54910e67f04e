import { Anchor, Badge, Box } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** What a platform admin sees during maintenance: a badge that leads to the switch (maintenance-gate.tsx). */
export function MaintenanceBadge() {
  return (
    <Box pos="fixed" bottom={16} left={16} style={{ zIndex: 400 }}>
      <Badge color="orange" variant="filled" size="lg" radius="sm">
        {/* White on orange reads at 3:1; black at 6.9:1 (WCAG AA asks 4.5:1). */}
        <Anchor component={Link} to="/site-settings" c="black" fz="xs" fw={700}>
          Maintenance mode is on
        </Anchor>
      </Badge>
    </Box>
  );
}
