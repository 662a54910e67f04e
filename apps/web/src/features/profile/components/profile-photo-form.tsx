import { PROFILE_PHOTO_TYPES } from '@offplan/shared';
import { ImageUploadField } from '../../../components/image-upload-field.tsx';
import { notifications } from '../../../lib/toasts.ts';
import { photoProblem, useRemoveProfilePhoto, useUploadProfilePhoto } from '../api/profile-photo.ts';
import { SettingsSection } from './settings-section.tsx';

type ProfilePhotoFormProps = { image: string | null | undefined; initials: string };

/** Profile photo: choose, preview, save; or remove the current one (initials show instead). */
export function ProfilePhotoForm({ image, initials }: ProfilePhotoFormProps) {
  return (
    <SettingsSection title="Profile photo" description="Shown in the header and wherever your team sees you.">
      <ImageUploadField
        currentUrl={image ?? null}
        noun="photo"
        currentAlt="Your profile photo"
        accept={PROFILE_PHOTO_TYPES}
        problemOf={photoProblem}
        upload={useUploadProfilePhoto()}
        remove={useRemoveProfilePhoto()}
        onSaved={() =>
          notifications.show({
            color: 'green',
            title: 'Photo saved',
            message: 'Your new profile photo is in place.',
          })
        }
        onRemoved={() =>
          notifications.show({
            color: 'green',
            title: 'Photo removed',
            message: 'Your initials show instead.',
          })
        }
        fallback={initials}
        avatar={{ radius: 88 }}
      />
    </SettingsSection>
  );
}
