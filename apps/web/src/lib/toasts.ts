import { markToastsInUse } from './toast-host.ts';

/**
 * The one way the app shows a toast: `notifications` from here, never from '@mantine/notifications'
 * (toasts.test.ts holds to it). Loading this module tells the app toasts are in use, so the toast
 * container mounts then (lib/toast-host.ts), and a page that shows none never loads it (issue 21).
 * A toast shown before the container mounts waits in the package's store and appears then.
 */
export { notifications } from '@mantine/notifications';

markToastsInUse();
