import { type ComponentProps, lazy, Suspense } from 'react';
import type { MessageBody } from './message-body.tsx';

/**
 * Message bodies need DOMPurify (about 11 KB compressed), and the bell shows them only once it is
 * opened: they load then (issue 21), instead of with every framed page. Once loaded they render at
 * once, without a Suspense pass. (Pop-ups load their own view: in-app-messages.tsx.)
 */
let LoadedMessageBody: typeof MessageBody | undefined;
let loading: Promise<typeof MessageBody> | undefined;

/** Starts loading the message body's renderer (once); resolves when it can render. */
export function loadMessageRenderers(): Promise<typeof MessageBody> {
  loading ??= import('./message-body.tsx').then(
    (module) => {
      LoadedMessageBody = module.MessageBody;
      return LoadedMessageBody;
    },
    (error: unknown) => {
      // A failed load is tried again by the next caller.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const LazyMessageBody = lazy(() => loadMessageRenderers().then((component) => ({ default: component })));

export function DeferredMessageBody(props: ComponentProps<typeof MessageBody>) {
  if (LoadedMessageBody) return <LoadedMessageBody {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyMessageBody {...props} />
    </Suspense>
  );
}
