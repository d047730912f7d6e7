import type { CalibrationValuer } from '@jewel/contract/calibration';
import { kappaBand } from '@jewel/contract/values/calibration';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithTexts } from '../../test/render.tsx';
import { kappaText, percentText } from './calibration-format.ts';
import { ValuerCard } from './components/valuer-card.tsx';

describe('the figures as shown', () => {
  it('rounds as the CSV does and names kappa bands after Landis and Koch', () => {
    expect(percentText(5 / 6)).toBe('83.3%');
    expect(percentText(null)).toBe('—');
    expect(kappaText(3 / 11)).toBe('0.27');
    expect(kappaText(null)).toBe('—');
    expect([-0.1, 0, 0.2, 0.21, 0.4, 0.6, 0.8, 0.81].map(kappaBand)).toEqual([
      'poor',
      'slight',
      'slight',
      'fair',
      'fair',
      'moderate',
      'substantial',
      'almostPerfect',
    ]);
  });

  it('shows a valuer and opens the breakdown by category and brand', async () => {
    const figures = {
      items: 3,
      pairs: 2,
      agreed: 1,
      agreement_rate: 0.5,
      judged: 1,
      overturned: 0,
      overturned_rate: 0,
      median_seconds: 125,
      kappa: 0,
    };
    const entry: CalibrationValuer = {
      valuer: { id: 4, name: 'Valuer Four', temporary: true },
      figures,
      by_category: [{ group: { id: 1, name: 'Ring' }, figures }],
      by_brand: [{ group: { id: 2, name: 'Cartier' }, figures }],
    };
    renderWithTexts(<ValuerCard entry={entry} />);
    expect(screen.getByRole('heading', { name: /Valuer Four/ })).toBeTruthy();
    expect(screen.getAllByText('50%').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByText(/category and brand|calibration:valuer.breakdown/));
    expect(screen.getByRole('rowheader', { name: 'Ring' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Cartier' })).toBeTruthy();
  });
});
