import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { deferredComponent } from './deferred-component.tsx';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

describe('deferredComponent', () => {
  it('loads on first render and keeps the loaded component’s state when its parent renders again', async () => {
    let imports = 0;
    const deferred = deferredComponent(async () => {
      imports += 1;
      return Counter;
    });
    const { rerender } = render(<deferred.Component label="clicks" />);
    fireEvent.click(await screen.findByRole('button', { name: 'clicks 0' }));
    expect(screen.getByRole('button', { name: 'clicks 1' })).toBeTruthy();
    rerender(<deferred.Component label="taps" />);
    expect(screen.getByRole('button', { name: 'taps 1' })).toBeTruthy();
    expect(imports).toBe(1);
  });

  it('renders at once when loaded before it mounts, and tries a failed load again', async () => {
    let attempts = 0;
    const deferred = deferredComponent(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return Counter;
    });
    await expect(deferred.load()).rejects.toThrow('offline');
    await act(() => deferred.load());
    render(<deferred.Component label="now" />);
    expect(screen.getByRole('button', { name: 'now 0' })).toBeTruthy();
    expect(attempts).toBe(2);
  });
});
