import { Alert, Button, Code, Group, Modal, Stack } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { CopyButton } from './copy-button.tsx';

type ShownOnceModalProps = {
  /** The secret or key; null keeps the dialog closed. */
  value: string | null;
  title: string;
  /** What the value is, e.g. "signing secret". */
  label: string;
  children?: ReactNode;
  onClose: () => void;
};

/**
 * A secret the server answers once (a webhook's signing secret, an API key): shown here with a copy
 * button and the warning that it will not be shown again; only its hint stays on the page.
 */
export function ShownOnceModal({ value, title, label, children, onClose }: ShownOnceModalProps) {
  return (
    <Modal opened={value !== null} onClose={onClose} title={title} size="lg" closeOnClickOutside={false}>
      {value === null ? null : (
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconEyeOff size={18} aria-hidden />}>
            Copy this {label} now: it will not be shown again. Store it where your CRM keeps its secrets.
          </Alert>
          <Group gap="xs" wrap="nowrap" align="center">
            <Code
              block
              style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
              aria-label={`Your ${label}`}
              data-testid="shown-once-value"
            >
              {value}
            </Code>
            <CopyButton value={value} label={`Copy ${label}`} />
          </Group>
          {children}
          <Group justify="flex-end">
            <Button onClick={onClose}>I have stored it</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
