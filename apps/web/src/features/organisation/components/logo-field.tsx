import { ORGANISATION_LOGO_MAX_BYTES, ORGANISATION_LOGO_TYPES, ORGANISATION_MESSAGES } from '@offplan/shared';
import { IconBuilding } from '@tabler/icons-react';
import { ImageUploadField } from '../../../components/image-upload-field.tsx';
import { notifications } from '../../../lib/toasts.ts';
import { useRemoveLogo, useUploadLogo } from '../api/organisation.ts';

/** The same checks the server makes (it also reads the content), so a wrong file never travels. */
export function logoProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(ORGANISATION_LOGO_TYPES as readonly string[]).includes(file.type))
    return ORGANISATION_MESSAGES.logoInvalid;
  if (file.size > ORGANISATION_LOGO_MAX_BYTES) return ORGANISATION_MESSAGES.logoTooLarge;
  return null;
}

/** The organisation's logo: choose, preview, save; or remove the current one. */
export function LogoField({ logoUrl, name }: { logoUrl: string | null; name: string }) {
  return (
    <ImageUploadField
      currentUrl={logoUrl}
      noun="logo"
      currentAlt={`${name} logo`}
      accept={ORGANISATION_LOGO_TYPES}
      problemOf={logoProblem}
      upload={useUploadLogo()}
      remove={useRemoveLogo()}
      onSaved={() =>
        notifications.show({
          color: 'green',
          title: 'Logo saved',
          message: `${name}'s new logo is in place.`,
        })
      }
      fallback={<IconBuilding size={36} aria-hidden />}
      avatar={{ radius: 'md', imageProps: { style: { objectFit: 'contain' } } }}
    />
  );
}
