import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';

export type LoginNoticeKind = 'error' | 'sessionRequired' | 'passwordReset';

const LOOKS = {
  error: { color: 'red', Icon: IconAlertCircle },
  sessionRequired: { color: 'brand', Icon: IconInfoCircle },
  passwordReset: { color: 'green', Icon: IconCircleCheck },
} as const;

/** The notice above the sign-in form: a failed sign-in, a lost session, a new password (login-form.tsx). */
export function LoginNotice({ kind, message }: { kind: LoginNoticeKind; message: string }) {
  const { color, Icon } = LOOKS[kind];
  return (
    <Alert color={color} variant="light" icon={<Icon size={18} />}>
      {message}
    </Alert>
  );
}
