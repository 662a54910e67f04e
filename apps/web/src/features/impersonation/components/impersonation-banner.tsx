import { Alert, Button, Group, Text } from '@mantine/core';
import { IconArrowBackUp, IconUserShield } from '@tabler/icons-react';

type ImpersonationBannerProps = {
  /** The user the admin is acting as. */
  name: string;
  email: string;
  returning: boolean;
  onReturnToAdmin: () => void;
};

/** Design §1: the banner above every page while an admin acts as a user. */
export function ImpersonationBanner({ name, email, returning, onReturnToAdmin }: ImpersonationBannerProps) {
  return (
    <Alert
      color="orange"
      variant="light"
      radius="md"
      mb="lg"
      icon={<IconUserShield size={20} stroke={1.6} />}
      aria-label="Acting as another user"
      role="status"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">
          You are acting as {name} ({email}). Everything you do is recorded under your own name.
        </Text>
        {/* Black text: white on Mantine's orange reads at 3:1, under WCAG AA's 4.5:1. */}
        <Button
          size="xs"
          color="orange"
          c="black"
          leftSection={<IconArrowBackUp size={16} stroke={1.6} />}
          loading={returning}
          onClick={onReturnToAdmin}
        >
          Return to Admin
        </Button>
      </Group>
    </Alert>
  );
}
