import { deferredComponent } from '../../../lib/deferred-component.tsx';

/**
 * Message bodies need DOMPurify (about 11 KB compressed), and the bell shows them only once it is
 * opened: they load then, or when the bell is hovered (issue 21), instead of with every framed page.
 * (Pop-ups load their own view: in-app-messages.tsx.)
 */
export const deferredMessageBody = deferredComponent(() =>
  import('./message-body.tsx').then((module) => module.MessageBody),
);
