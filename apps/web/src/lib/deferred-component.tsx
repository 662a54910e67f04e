import { type ComponentType, createElement, lazy, Suspense, useState } from 'react';

/**
 * A component whose code loads when it is first rendered, or earlier by `load()` (a hover, a pop-up
 * coming due), so pages that never show it do not download it (issue 21). Once loaded it renders at
 * once, without a Suspense pass; until then it renders nothing. A failed load is tried again by the
 * next `load()` or render. Its companion for pop-up controls, drawn as their trigger until used, is
 * `deferredPopup` (deferred-popup.tsx).
 */
export function deferredComponent<Props extends object>(
  importComponent: () => Promise<ComponentType<Props>>,
) {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;

  const load = (): Promise<ComponentType<Props>> => {
    loading ??= importComponent().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };

  /** `load()` for an event handler: a failure is left to the render, which tries again. */
  const preload = () => {
    load().catch(() => undefined);
  };

  const Lazy = lazy(() => load().then((component) => ({ default: component })));

  function Deferred(props: Props) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component on a later render
    // would change the element type there, and React would remount it with its state lost.
    const [loadedAtMount] = useState(() => loaded);
    if (loadedAtMount) return createElement(loadedAtMount, props);
    return <Suspense fallback={null}>{createElement(Lazy, props)}</Suspense>;
  }

  return { Component: Deferred, load, preload, isLoaded: () => loaded !== undefined };
}
