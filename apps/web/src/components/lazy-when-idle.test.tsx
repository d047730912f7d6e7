import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyWhenIdle } from './lazy-when-idle.ts';

function Wheel({ label }: { label: string }) {
  return <p>{label}</p>;
}

describe('lazyWhenIdle', () => {
  it('loads once the page is idle; a failed load is tried again when the component is shown', async () => {
    vi.useFakeTimers();
    try {
      const load = vi
        .fn<() => Promise<typeof Wheel>>()
        .mockRejectedValueOnce(new TypeError('offline'))
        .mockResolvedValue(Wheel);
      const { Component, useLoadWhenIdle } = lazyWhenIdle(load);
      function Page({ shown }: { shown: boolean }) {
        useLoadWhenIdle();
        return shown ? (
          <Suspense fallback={<p>waiting</p>}>
            <Component label="wheel" />
          </Suspense>
        ) : (
          <p>page</p>
        );
      }
      const view = render(<Page shown={false} />);
      expect(load).not.toHaveBeenCalled();
      // Idle (happy-dom has no requestIdleCallback: after a second): the load fails, quietly.
      await act(() => vi.advanceTimersByTimeAsync(2000));
      expect(load).toHaveBeenCalledOnce();
      expect(screen.getByText('page')).toBeTruthy();

      // Shown: loaded again, and there.
      view.rerender(<Page shown />);
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(load).toHaveBeenCalledTimes(2);
      expect(screen.getByText('wheel')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
