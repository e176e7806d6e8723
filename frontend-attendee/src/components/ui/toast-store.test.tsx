import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_REMOVE_DELAY_MS } from '@/constants';
import { dismissToast, resetToasts, toast, useToasts } from './toast-store';
import { Toaster } from './Toaster';

afterEach(() => {
  vi.useRealTimers();
  act(() => resetToasts());
});

describe('toasts', () => {
  it('shows one at a time: a new toast replaces the current one', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'First', description: 'one' }));
    act(() => void toast({ title: 'Second', description: 'two' }));
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getAllByText('Second').length).toBeGreaterThan(0);
  });

  it('removes a dismissed toast after 1,000,000 ms', () => {
    vi.useFakeTimers();
    function Probe() {
      return (
        <output data-testid="toasts">
          {useToasts()
            .map((t) => `${t.title}:${t.open ? 'open' : 'closed'}`)
            .join(',')}
        </output>
      );
    }
    render(<Probe />);
    let id = 0;
    act(() => void (id = toast({ title: 'Bye' }).id));
    expect(screen.getByTestId('toasts')).toHaveTextContent('Bye:open');
    act(() => dismissToast(id));
    expect(screen.getByTestId('toasts')).toHaveTextContent('Bye:closed');
    act(() => void vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1));
    expect(screen.getByTestId('toasts')).toHaveTextContent('Bye:closed');
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByTestId('toasts')).toBeEmptyDOMElement();
  });
});
