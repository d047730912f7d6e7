import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTexts } from '../test/render.tsx';
import { LoadError } from './state-views.tsx';

describe('LoadError', () => {
  it('says the load failed and retries on a tap', async () => {
    const onRetry = vi.fn();
    renderWithTexts(<LoadError onRetry={onRetry} />);
    expect(screen.getByText('Could not load')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
