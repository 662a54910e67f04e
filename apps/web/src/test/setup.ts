import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// jsdom lacks what Mantine measures with (https://mantine.dev/guides/vitest/).
const { getComputedStyle } = window;
window.getComputedStyle = (element) => getComputedStyle(element);
window.HTMLElement.prototype.scrollIntoView = () => {};
// The router restores scroll positions on navigation.
window.scrollTo = () => {};

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;

// Mantine's autosizing textarea re-measures when web fonts finish loading; jsdom has no FontFaceSet.
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

/**
 * An unexpected console.error fails the test (architecture: conventions). A test that expects one
 * calls `vi.mocked(console.error).mockClear()` after asserting on it.
 */
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  const calls = vi.mocked(console.error).mock.calls;
  if (calls.length > 0) {
    const printed = calls.map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`Unexpected console.error:\n${printed}`);
  }
});
