import { Button, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { CardLayout } from '../layouts/card-layout.tsx';

/** Every unknown or not-yet-built route answers this page. */
export function NotFoundPage() {
  return (
    <CardLayout>
      <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
        <IconMapSearch size={26} stroke={1.5} />
      </ThemeIcon>
      <Title order={1} size="h2">
        Page not found
      </Title>
      <Text c="dimmed">The address may be mistyped, or the page may have moved.</Text>
      <Button renderRoot={(props) => <Link {...props} to="/dashboard" />} w="fit-content">
        Go to dashboard
      </Button>
    </CardLayout>
  );
}
