import { type ComponentProps, lazy, Suspense } from 'react';
import type { MessageBody } from './message-body.tsx';
import type { SafeHtml } from './safe-html.tsx';

/**
 * Message bodies need DOMPurify (about 11 KB compressed), and the frame shows one only when the bell
 * is opened or a pop-up appears: the bell and the pop-ups load the renderers then (issue 21), instead
 * of with every page. Once loaded they render at once, without a Suspense pass.
 */
type Renderers = { SafeHtml: typeof SafeHtml; MessageBody: typeof MessageBody };

let loaded: Renderers | undefined;
let loading: Promise<Renderers> | undefined;

/** Starts loading the renderers (once); resolves when they can render. */
export function loadMessageRenderers(): Promise<Renderers> {
  loading ??= Promise.all([import('./safe-html.tsx'), import('./message-body.tsx')]).then(
    ([safeHtml, messageBody]) => {
      loaded = { SafeHtml: safeHtml.SafeHtml, MessageBody: messageBody.MessageBody };
      return loaded;
    },
    (error: unknown) => {
      // A failed load is tried again by the next caller.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const LazySafeHtml = lazy(() => loadMessageRenderers().then(({ SafeHtml }) => ({ default: SafeHtml })));
const LazyMessageBody = lazy(() =>
  loadMessageRenderers().then(({ MessageBody }) => ({ default: MessageBody })),
);

export function DeferredSafeHtml(props: ComponentProps<typeof SafeHtml>) {
  if (loaded) return <loaded.SafeHtml {...props} />;
  return (
    <Suspense fallback={null}>
      <LazySafeHtml {...props} />
    </Suspense>
  );
}

export function DeferredMessageBody(props: ComponentProps<typeof MessageBody>) {
  if (loaded) return <loaded.MessageBody {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyMessageBody {...props} />
    </Suspense>
  );
}
