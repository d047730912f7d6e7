import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithTexts } from '../test/render.tsx';
import { Switch } from './switch.tsx';

function Urgent({ disabled = false }: { disabled?: boolean }) {
  const [urgent, setUrgent] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <Switch aria-label="Urgent" checked={urgent} onChange={setUrgent} disabled={disabled} />
    </>
  );
}

describe('Switch', () => {
  it('is a tab stop that Space and Enter flip', async () => {
    renderWithTexts(<Urgent />);
    screen.getByRole('button', { name: 'Before' }).focus();
    await userEvent.tab();
    const urgent = screen.getByRole('switch', { name: 'Urgent' });
    expect(document.activeElement).toBe(urgent);
    await userEvent.keyboard(' ');
    expect(urgent.getAttribute('aria-checked')).toBe('true');
    await userEvent.keyboard('{Enter}');
    expect(urgent.getAttribute('aria-checked')).toBe('false');
  });

  it('is left out of the tab order while disabled', async () => {
    renderWithTexts(<Urgent disabled />);
    screen.getByRole('button', { name: 'Before' }).focus();
    await userEvent.tab();
    expect(document.activeElement).not.toBe(screen.getByRole('switch', { name: 'Urgent' }));
  });
});
