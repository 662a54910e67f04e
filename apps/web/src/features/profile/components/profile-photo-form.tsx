import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PROFILE_PHOTO_TYPES } from '@offplan/shared';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { photoProblem, useRemoveProfilePhoto, useUploadProfilePhoto } from '../api/profile-photo.ts';
import { SettingsSection } from './settings-section.tsx';

/** A temporary address for the chosen file, released when it changes or the form goes. */
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

type ProfilePhotoFormProps = { image: string | null | undefined; initials: string };

/** Profile photo: choose (checked here for type and size), preview, save; or remove the current one. */
export function ProfilePhotoForm({ image, initials }: ProfilePhotoFormProps) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useObjectUrl(file);
  const resetRef = useRef<() => void>(null);
  const upload = useUploadProfilePhoto();
  const remove = useRemoveProfilePhoto();

  const choose = (chosen: File | null) => {
    // Lets the same file be chosen again after a cancel.
    resetRef.current?.();
    if (!chosen) return;
    upload.reset();
    remove.reset();
    const reason = photoProblem(chosen);
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
          title: 'Photo saved',
          message: 'Your new profile photo is in place.',
        });
      },
    });
  };

  const removePhoto = () => {
    upload.reset();
    setProblem(null);
    remove.mutate(undefined, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          title: 'Photo removed',
          message: 'Your initials show instead.',
        }),
    });
  };

  const message = problem ?? upload.error?.message ?? remove.error?.message ?? null;

  return (
    <SettingsSection title="Profile photo" description="Shown in the header and wherever your team sees you.">
      <Group gap="lg" align="center" wrap="nowrap">
        <Avatar
          src={preview ?? image ?? null}
          alt={preview ? 'Preview of your new photo' : 'Your profile photo'}
          size={88}
          radius={88}
          color="brand"
        >
          {initials}
        </Avatar>
        <Stack gap="xs">
          <Group gap="xs">
            <FileButton onChange={choose} accept={PROFILE_PHOTO_TYPES.join(',')} resetRef={resetRef}>
              {(props) => (
                <Button variant="default" leftSection={<IconPhotoUp size={16} stroke={1.6} />} {...props}>
                  Choose photo
                </Button>
              )}
            </FileButton>
            {file ? (
              <>
                <Button onClick={save} loading={upload.isPending}>
                  Save photo
                </Button>
                <Button
                  variant="subtle"
                  color="gray"
                  onClick={() => setFile(null)}
                  disabled={upload.isPending}
                >
                  Cancel
                </Button>
              </>
            ) : image ? (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} stroke={1.6} />}
                onClick={removePhoto}
                loading={remove.isPending}
              >
                Remove photo
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
    </SettingsSection>
  );
}
