import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { deferredComponent } from './deferred-component.tsx';
import { deferredPopup, type PopupTakeover, usePopupTakeover } from './deferred-popup.tsx';

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

/** A pop-up control as `deferredPopup` loads it: a trigger that opens a list. */
function Picker({ label, ...takeover }: { label: string } & PopupTakeover) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = usePopupTakeover(trigger, takeover);
  return (
    <>
      <button ref={trigger} type="button" aria-expanded={opened} onClick={() => setOpened(!opened)}>
        {label}
      </button>
      {opened ? <ul aria-label={`${label} list`} /> : null}
    </>
  );
}

describe('deferredPopup', () => {
  it('shows the stand-in until pressed, then the loaded control, open, with the focus on its trigger', async () => {
    let imports = 0;
    const popup = deferredPopup<{ label: string }>(async () => {
      imports += 1;
      return Picker;
    });
    render(
      <popup.Component
        label="Sort"
        standIn={(handlers) => (
          <button type="button" data-stand-in="yes" aria-expanded={false} {...handlers}>
            Sort
          </button>
        )}
      />,
    );
    const standIn = screen.getByRole('button', { name: 'Sort' });
    expect(standIn.dataset.standIn).toBe('yes');
    expect(imports).toBe(0);

    fireEvent.pointerEnter(standIn);
    expect(imports).toBe(1);
    standIn.focus();
    fireEvent.click(standIn);
    expect(await screen.findByRole('list', { name: 'Sort list' })).toBeTruthy();
    const trigger = screen.getByRole('button', { name: 'Sort' });
    expect(trigger.dataset.standIn).toBeUndefined();
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(trigger);
    expect(imports).toBe(1);
  });

  it('renders the control, closed, when its code is in before it mounts', async () => {
    const popup = deferredPopup<{ label: string }>(async () => Picker);
    const first = render(
      <popup.Component
        label="Menu"
        standIn={(handlers) => (
          <button type="button" {...handlers}>
            Menu
          </button>
        )}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await screen.findByRole('list', { name: 'Menu list' });
    first.unmount();

    render(<popup.Component label="Menu" standIn={() => <span>stand-in</span>} />);
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('stand-in')).toBeNull();
  });
});
