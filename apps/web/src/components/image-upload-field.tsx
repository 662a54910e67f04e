import { Avatar, type AvatarProps, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';

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

type ImageUploadFieldProps = {
  /** The image in place now, if any. */
  currentUrl: string | null;
  /** What the image is, in the buttons: "logo", "photo". */
  noun: string;
  /** Alt text of the image in place. */
  currentAlt: string;
  /** Accepted MIME types (the server checks them too, and reads the content). */
  accept: readonly string[];
  /** Why a chosen file cannot be used (type, size), or null: checked here so a wrong file never travels. */
  problemOf: (file: File) => string | null;
  upload: UseMutationResult<unknown, Error, File>;
  remove: UseMutationResult<unknown, Error, void>;
  onSaved: () => void;
  onRemoved?: () => void;
  /** Shown when there is no image (initials, an icon). */
  fallback: ReactNode;
  avatar?: Pick<AvatarProps, 'radius' | 'imageProps'>;
};

/** One image of its owner (a profile photo, an organisation's logo): choose, preview, save; or remove it. */
export function ImageUploadField({
  currentUrl,
  noun,
  currentAlt,
  accept,
  problemOf,
  upload,
  remove,
  onSaved,
  onRemoved,
  fallback,
  avatar,
}: ImageUploadFieldProps) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useObjectUrl(file);
  const resetRef = useRef<() => void>(null);

  const choose = (chosen: File | null) => {
    // Lets the same file be chosen again after a cancel.
    resetRef.current?.();
    if (!chosen) return;
    upload.reset();
    remove.reset();
    const reason = problemOf(chosen);
    setProblem(reason);
    setFile(reason ? null : chosen);
  };

  const save = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => {
        setFile(null);
        onSaved();
      },
    });
  };

  const removeCurrent = () => {
    upload.reset();
    setProblem(null);
    remove.mutate(undefined, { onSuccess: () => onRemoved?.() });
  };

  const message = problem ?? upload.error?.message ?? remove.error?.message ?? null;
  return (
    <Group gap="lg" align="center" wrap="nowrap">
      <Avatar
        src={preview ?? currentUrl}
        alt={preview ? `Preview of the new ${noun}` : currentAlt}
        size={88}
        color="brand"
        {...avatar}
      >
        {fallback}
      </Avatar>
      <Stack gap="xs">
        <Group gap="xs">
          <FileButton onChange={choose} accept={accept.join(',')} resetRef={resetRef}>
            {(props) => (
              <Button variant="default" leftSection={<IconPhotoUp size={16} stroke={1.6} />} {...props}>
                Choose {noun}
              </Button>
            )}
          </FileButton>
          {file ? (
            <>
              <Button onClick={save} loading={upload.isPending}>
                Save {noun}
              </Button>
              <Button variant="subtle" color="gray" onClick={() => setFile(null)} disabled={upload.isPending}>
                Cancel
              </Button>
            </>
          ) : currentUrl ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} stroke={1.6} />}
              onClick={removeCurrent}
              loading={remove.isPending}
            >
              Remove {noun}
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
