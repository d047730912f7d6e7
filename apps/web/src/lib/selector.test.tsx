import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithTexts } from '../test/render.tsx';
import { Selector } from './selector.tsx';

function Levels() {
  const [value, setValue] = useState<string[]>(['B']);
  return (
    <>
      <button type="button">Before</button>
      <Selector
        options={[
          { label: 'A', value: 'A' },
          { label: 'B', value: 'B' },
          { label: 'C', value: 'C', disabled: true },
          { label: 'D', value: 'D' },
        ]}
        value={value}
        onChange={setValue}
      />
      <output>{value.join(',')}</output>
    </>
  );
}

describe('Selector', () => {
  it('puts the chosen option in the tab order; arrows move, Space and Enter choose', async () => {
    renderWithTexts(<Levels />);
    screen.getByRole('button', { name: 'Before' }).focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('option', { name: 'B' }));
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('option', { name: 'A' }));
    await userEvent.keyboard(' ');
    expect(screen.getByRole('status').textContent).toBe('A');
    expect(screen.getByRole('option', { name: 'A' }).getAttribute('aria-selected')).toBe('true');
    // Past the last, back to the first; a disabled option says so and is not chosen.
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('option', { name: 'C' }));
    expect(screen.getByRole('option', { name: 'C' }).getAttribute('aria-disabled')).toBe('true');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('status').textContent).toBe('A');
    await userEvent.keyboard('{ArrowRight}{Enter}');
    expect(screen.getByRole('status').textContent).toBe('D');
    // Only one option is a tab stop: Shift+Tab leaves the list.
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Before' }));
  });
});
