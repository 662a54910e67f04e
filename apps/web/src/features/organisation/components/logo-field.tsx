import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ORGANISATION_LOGO_MAX_BYTES, ORGANISATION_LOGO_TYPES, ORGANISATION_MESSAGES } from '@offplan/shared';
import { IconBuilding, IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useRemoveLogo, useUploadLogo } from '../api/organisation.ts';

/** The same checks the server makes (it also reads the content), so a wrong file never travels. */
export function logoProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(ORGANISATION_LOGO_TYPES as readonly string[]).includes(file.type))
    return ORGANISATION_MESSAGES.logoInvalid;
  if (file.size > ORGANISATION_LOGO_MAX_BYTES) return ORGANISATION_MESSAGES.logoTooLarge;
  return null;
}

/** A temporary address for the chosen file, released when it changes or the field goes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/** The logo: choose (checked here for type and size), preview, save; or remove the current one. */
export function LogoField({ logoUrl, name }: { logoUrl: string | null; name: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useObjectUrl(file);
  const resetRef = useRef<() => void>(null);
  const upload = useUploadLogo();
  const remove = useRemoveLogo();

  const choose = (chosen: File | null) => {
    resetRef.current?.();
    if (!chosen) return;
    upload.reset();
    remove.reset();
    const reason = logoProblem(chosen);
    setProblem(reason);
    setFile(reason ? null : chosen);
  };

  const save = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => {
        setFile(null);
        notifications.show({
          color: 'green',
          title: 'Logo saved',
          message: `${name}'s new logo is in place.`,
        });
      },
    });
  };

  const message = problem ?? upload.error?.message ?? remove.error?.message ?? null;
  return (
    <Group gap="lg" align="center" wrap="nowrap">
      <Avatar
        src={preview ?? logoUrl}
        alt={preview ? 'Preview of the new logo' : `${name} logo`}
        size={88}
        radius="md"
        color="brand"
        imageProps={{ style: { objectFit: 'contain' } }}
      >
        <IconBuilding size={36} aria-hidden />
      </Avatar>
      <Stack gap="xs">
        <Group gap="xs">
          <FileButton onChange={choose} accept={ORGANISATION_LOGO_TYPES.join(',')} resetRef={resetRef}>
            {(props) => (
              <Button variant="default" leftSection={<IconPhotoUp size={16} stroke={1.6} />} {...props}>
                Choose logo
              </Button>
            )}
          </FileButton>
          {file ? (
            <>
              <Button onClick={save} loading={upload.isPending}>
                Save logo
              </Button>
              <Button variant="subtle" color="gray" onClick={() => setFile(null)} disabled={upload.isPending}>
                Cancel
              </Button>
            </>
          ) : logoUrl ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} stroke={1.6} />}
              onClick={() => remove.mutate()}
              loading={remove.isPending}
            >
              Remove logo
            </Button>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {file ? `Preview of ${file.name}. Save it to use it.` : 'JPEG, PNG or WebP, up to 5 MB.'}
        </Text>
        {message ? (
          <Text size="sm" c="red" role="alert">
            {message}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}
