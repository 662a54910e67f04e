import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconUserShare } from '@tabler/icons-react';
import { useStartImpersonation } from '../hooks/use-start-impersonation.ts';

type ActAsUserButtonProps = {
  userId: string;
  userName: string;
  /** Why the server refuses to let the admin act as this user (adminUserDetailSchema), or null. */
  refusal: string | null;
  /** Replaceable in tests: the full navigation to /dashboard. */
  navigate?: (href: string) => void;
};

/** /profile/{id} "Act as this user" (design §1): disabled with the reason when impersonation is refused. */
export function ActAsUserButton({ userId, userName, refusal, navigate }: ActAsUserButtonProps) {
  const start = useStartImpersonation(navigate ? { navigate } : {});
  const reasonId = `act-as-${userId}-reason`;
  return (
    <Stack gap={6} align="flex-start">
      <Button
        leftSection={<IconUserShare size={18} stroke={1.6} />}
        disabled={refusal !== null}
        loading={start.isPending}
        onClick={() => start.mutate(userId)}
        aria-describedby={reasonId}
      >
        Act as this user
      </Button>
      <Text id={reasonId} size="xs" c="dimmed" maw={360}>
        {refusal ??
          `You will see the portal as ${userName} for up to an hour. Everything you do is recorded under your own name.`}
      </Text>
      {start.error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} maw={420}>
          {start.error.message}
        </Alert>
      ) : null}
    </Stack>
  );
}
