import { markToastsInUse } from './toast-host.ts';

/**
 * What the app gets for `import … from '@mantine/notifications'` (the build points that name here,
 * vite.config.ts): the package itself, and word that toasts are in use, so the container mounts
 * (lib/toast-host.ts). Toasts shown before it mounts wait in the package's store and appear then.
 */
export * from '@mantine/notifications';

markToastsInUse();
