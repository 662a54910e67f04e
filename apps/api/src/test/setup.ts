import { afterEach, vi } from 'vitest';

// An unexpected console.error fails the test that caused it.
const consoleError = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  if (calls.length)
    throw new Error(`Unexpected console.error: ${calls.map((args) => args.join(' ')).join('\n')}`);
});
