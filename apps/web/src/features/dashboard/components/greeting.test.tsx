import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTexts } from '../../../test/render.tsx';
import { MANAGER } from '../../../test/users.ts';
import { Greeting } from './greeting.tsx';

describe("the dashboard's greeting", () => {
  it('names the branch of the day to one who works at several (issue 32)', async () => {
    const two = [
      { id: 1, name: 'Ginza' },
      { id: 2, name: 'Umeda' },
    ];
    renderWithTexts(<Greeting user={{ ...MANAGER, branch: { id: 2, name: 'Umeda' }, branches: two }} />);
    expect(await screen.findByText('Branch: Umeda')).toBeTruthy();
  });

  it('says nothing of branches to one who works at one', async () => {
    renderWithTexts(<Greeting user={MANAGER} />);
    expect(await screen.findByRole('heading', { level: 2 })).toBeTruthy();
    expect(screen.queryByText(/^Branch:/)).toBeNull();
  });
});
