import {
  type ComponentType,
  createElement,
  type MouseEvent,
  type ReactElement,
  type RefObject,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { deferredComponent } from './deferred-component.tsx';

// Apart from deferredComponent (deferred-component.tsx), which every first page uses (the route
// progress bar, the sign-in notice): only pages with pop-ups need this (decision 044).

/** What a pop-up control loaded by `deferredPopup` is told when it takes over from its stand-in. */
export type PopupTakeover = {
  /** The stand-in was pressed (a tooltip: is hovered): open at once. */
  openAtMount?: boolean;
  /** The stand-in had the focus: the control's own trigger takes it. */
  focusAtMount?: boolean;
};

/** Given to a stand-in trigger: spread them on the element that stands for the real trigger. */
export type StandInHandlers = {
  onPointerEnter: () => void;
  onPointerLeave: () => void;
  onFocus: () => void;
  onClick: (event: MouseEvent<HTMLElement>) => void;
};

/**
 * A pop-up control (a menu, a popover, a tooltip) whose code, and floating-ui's with it, loads on first
 * use (issue 21): pages show these triggers everywhere and most visits never open them. Until then
 * `standIn` draws the trigger alone. A hover or a focus starts the load. A press (mouse, Enter, Space),
 * or for a tooltip (`openOn: 'hover'`) the hover itself, waits for it and hands over to the loaded
 * control, open (a tooltip only while the pointer is still there), with the focus on its own trigger
 * when the stand-in had it. Mounted once the code is in, the control renders at once.
 */
export function deferredPopup<Props extends object>(
  importComponent: () => Promise<ComponentType<Props & PopupTakeover>>,
  { openOn = 'press' }: { openOn?: 'press' | 'hover' } = {},
) {
  const deferred = deferredComponent(importComponent);

  function DeferredPopup({
    standIn,
    ...props
  }: Props & { standIn: (handlers: StandInHandlers) => ReactElement }) {
    const [takeover, setTakeover] = useState<PopupTakeover | null>(() => (deferred.isLoaded() ? {} : null));
    const hovered = useRef(false);
    if (takeover) return createElement(deferred.Component, { ...(props as Props), ...takeover });
    const takeOver = (focusAtMount: boolean) =>
      // A failed load leaves the stand-in; the next press or hover tries again.
      deferred.load().then(
        () => setTakeover({ openAtMount: openOn === 'press' || hovered.current, focusAtMount }),
        () => undefined,
      );
    return standIn({
      onPointerEnter: () => {
        hovered.current = true;
        if (openOn === 'hover') void takeOver(false);
        else deferred.preload();
      },
      onPointerLeave: () => {
        hovered.current = false;
      },
      onFocus: deferred.preload,
      onClick: (event) => {
        if (openOn === 'press') void takeOver(document.activeElement === event.currentTarget);
      },
    });
  }

  return { Component: DeferredPopup, load: deferred.load, preload: deferred.preload };
}

/**
 * For a control loaded by `deferredPopup`: its trigger takes the focus the stand-in had, then the
 * control opens if the stand-in was pressed. It opens just after mounting rather than at mount, so the
 * pop-up's own focus handling sees an opening like any other (Mantine's menu notes where to give the
 * focus back only when `opened` changes). Before the browser paints: no frame shows it closed.
 */
export function usePopupTakeover(
  target: RefObject<HTMLElement | null>,
  { openAtMount, focusAtMount }: PopupTakeover,
) {
  const [opened, setOpened] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at mount: the takeover.
  useLayoutEffect(() => {
    if (focusAtMount) target.current?.focus();
    if (openAtMount) setOpened(true);
  }, []);
  return [opened, setOpened] as const;
}
